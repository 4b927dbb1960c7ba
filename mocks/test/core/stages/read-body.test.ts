import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { loadContract } from '../../../../kit/contract/contract';
import { DEFAULT_BODY_LIMIT_BYTES } from '../../../src/core/options';
import { GatewayError } from '../../../src/exchange/gateway-error';
import { readRequestBody } from '../../../src/core/stages/read-body';
import { NodeExchange } from '../../../src/runtimes/node/node-exchange';
import { useMock } from '../../helpers/start-mock';
import { bearer, DEMO_GUARDRAIL_ID, MANAGEMENT_KEY, USER_KEY } from '../../helpers/sample-requests';
import { standInCreateResponse } from '../../helpers/stand-in-handlers';

const contract = loadContract();
const standIn = standInCreateResponse(contract);
const started = useMock({ contract, handlers: { createResponse: standIn.handler } });
const base = { model: 'openai/gpt-4o', input: 'Say hello.' };

describe('body size limit', () => {
  const limit = 4096;
  const small = useMock({
    contract,
    handlers: { createResponse: standIn.handler },
    options: { bodyLimitBytes: limit },
  });

  /** A valid request body of exactly `size` bytes. */
  const bodyOfSize = (size: number): string => {
    const empty = JSON.stringify({ ...base, input: '' });
    return JSON.stringify({ ...base, input: 'x'.repeat(size - empty.length) });
  };

  it('defaults to 32 MiB', () => {
    expect(DEFAULT_BODY_LIMIT_BYTES).toBe(32 * 1024 * 1024);
    expect(started().mock.options.bodyLimitBytes).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });

  it('accepts a body of exactly the limit', async () => {
    const body = bodyOfSize(limit);
    expect(Buffer.byteLength(body)).toBe(limit);
    const res = await request(small().mock.server)
      .post('/api/v1/responses')
      .set(bearer(USER_KEY))
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).toBe(200);
  });

  it('returns 413 in the envelope for a body one byte over the limit', async () => {
    const res = await request(small().mock.server)
      .post('/api/v1/responses')
      .set(bearer(USER_KEY))
      .set('Content-Type', 'application/json')
      .send(bodyOfSize(limit + 1));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: { code: 413, message: `Request payload exceeds the size limit of ${limit} bytes` },
    });
  });

  it('returns 413 for a chunked body (no Content-Length) once it passes the limit', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${small().baseUrl}/responses`,
        {
          method: 'POST',
          headers: { ...bearer(USER_KEY), 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      for (let sent = 0; sent <= limit; sent += 1024) req.write('x'.repeat(1024));
      req.end();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ error: { code: 413 } });
  });

  it('answers 400 (a status its responses list) when the guardrail operation gets too large a body', async () => {
    const res = await request(small().mock.server)
      .post(`/api/v1/guardrails/${DEMO_GUARDRAIL_ID}/assignments/keys/remove`)
      .set(bearer(MANAGEMENT_KEY))
      .send({ key_hashes: ['a'.repeat(limit)] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/exceeds the size limit/);
  });

  it('refuses a body declared over the default limit before it is sent', async () => {
    // Declares one byte over 32 MiB, sends a few bytes and waits: the answer comes from Content-Length alone.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${started().baseUrl}/responses`,
        {
          method: 'POST',
          headers: {
            ...bearer(USER_KEY),
            'Content-Type': 'application/json',
            'Content-Length': String(DEFAULT_BODY_LIMIT_BYTES + 1),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write('{"model":');
    });
    expect(status).toBe(413);
  });
});

describe('reading the body of a node request', () => {
  /** A request whose body the test sends chunk by chunk. */
  class FakeRequest extends EventEmitter {
    resumed = false;
    constructor(readonly headers: Record<string, string> = {}) {
      super();
    }
    resume(): void {
      this.resumed = true;
    }
  }
  const read = (req: FakeRequest, limit = 10) => {
    const calls: Array<[GatewayError | null, string]> = [];
    const exchange = new NodeExchange(req as unknown as IncomingMessage, {} as ServerResponse);
    readRequestBody(exchange, limit, 413, (error, body) => calls.push([error, new TextDecoder().decode(body)]));
    return calls;
  };

  it('calls back once, in the turn the body ends, with the chunks joined', () => {
    const req = new FakeRequest();
    const calls = read(req);
    req.emit('data', Buffer.from('{"a":'));
    req.emit('data', Buffer.from('1}'));
    expect(calls).toEqual([]);
    req.emit('end');
    expect(calls).toEqual([[null, '{"a":1}']]);
    expect(req.listenerCount('data') + req.listenerCount('end') + req.listenerCount('error')).toBe(0);
  });

  it('refuses a body as soon as it passes the limit, once, and drains the rest', () => {
    const req = new FakeRequest();
    const calls = read(req, 4);
    req.emit('data', Buffer.from('12345'));
    req.emit('end');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toMatchObject({ status: 413 });
    expect(req.resumed).toBe(true);
  });

  it('refuses a declared length over the limit before reading', () => {
    const calls = read(new FakeRequest({ 'content-length': '11' }));
    expect(calls[0]?.[0]).toBeInstanceOf(GatewayError);
  });

  it('turns a broken connection into a 400 naming the problem', () => {
    const req = new FakeRequest();
    const calls = read(req);
    req.emit('error', new Error('socket hang up'));
    req.emit('end');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toMatchObject({ status: 400, message: 'Request body could not be read: socket hang up' });
  });
});
