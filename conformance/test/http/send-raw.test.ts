import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sendRaw } from '../../http/send-raw';
import { startStandInServer } from '../../../kit/test/support/stand-in-server';

/** A server that answers every connection with `answer`, after reading the request head it records. */
async function rawServer(answer: string): Promise<{ baseUrl: string; heads: string[]; close(): Promise<void> }> {
  const heads: string[] = [];
  const server = net.createServer((socket) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      heads.push(text.slice(0, text.indexOf('\r\n\r\n')));
      socket.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return { baseUrl, heads, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const call = (baseUrl: string, headers: Record<string, string> = {}) => ({
  baseUrl,
  method: 'GET',
  pathAndQuery: '/model/a%00b/c',
  headers,
  timeoutMs: 2000,
});

describe('sendRaw', () => {
  it('writes header values with control characters and NUL as they are', async () => {
    const server = await rawServer('HTTP/1.1 400 Bad Request\r\nContent-Length: 2\r\n\r\n{}');
    try {
      await sendRaw(call(server.baseUrl, { 'X-Title': 'a\x01b\x00c' }));
      expect(server.heads[0]).toContain('GET /api/v1/model/a%00b/c HTTP/1.1');
      expect(server.heads[0]).toContain('X-Title: a\x01b\x00c');
    } finally {
      await server.close();
    }
  });

  it('reads a chunked answer whole, with its status and lower-cased headers', async () => {
    const body = '{"error":{"code":400,"message":"Malformed"}}';
    const chunked = `${(20).toString(16)}\r\n${body.slice(0, 20)}\r\n${(body.length - 20).toString(16)}\r\n${body.slice(20)}\r\n0\r\n\r\n`;
    const server = await rawServer(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunked}`,
    );
    try {
      const res = await sendRaw(call(server.baseUrl));
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json).toEqual({ error: { code: 400, message: 'Malformed' } });
    } finally {
      await server.close();
    }
  });

  it('gives up on a server that never answers, within the timeout', async () => {
    const server = await startStandInServer(() => undefined);
    try {
      await expect(sendRaw({ ...call(server.baseUrl), timeoutMs: 200 })).rejects.toThrow('no response within 200 ms');
    } finally {
      await server.close();
    }
  });
});
