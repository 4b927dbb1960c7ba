import type http from 'node:http';
import { startStandInServer } from '../../../kit/test/support/stand-in-server';
import type { StandInServer } from '../../../kit/test/support/stand-in-server';
import { sendStream } from '../../http/send-stream';

type Writer = (res: http.ServerResponse) => void;
let server: StandInServer;
let baseUrl: string;
let writer: Writer = (res) => res.end();

beforeAll(async () => {
  server = await startStandInServer((_req, res) => writer(res));
  baseUrl = server.origin;
});
afterAll(() => server.close());

const call = (eventTimeoutMs = 2000) =>
  sendStream({
    baseUrl,
    method: 'POST',
    pathAndQuery: '/responses',
    headers: {},
    body: '{}',
    timeoutMs: 2000,
    eventTimeoutMs,
  });
const sse = (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

describe('sendStream', () => {
  it('parses events split across chunks, counts comments and keeps [DONE]', async () => {
    writer = (res) => {
      sse(res);
      res.write(': keep-alive\n\ndata: {"type":"a","seq');
      setTimeout(() => res.end('uence_number":0}\n\ndata: [DONE]\n\n'), 20);
    };
    const { stream } = await call();
    expect(stream?.events.map((e) => e.json ?? e.data)).toEqual([{ type: 'a', sequence_number: 0 }, '[DONE]']);
    expect(stream?.comments).toEqual(['keep-alive']);
    expect(stream?.sawDone).toBe(true);
    expect(stream?.malformed).toEqual([]);
  });

  it('reports lines the SSE parser rejects', async () => {
    writer = (res) => {
      sse(res);
      res.end('data: {"type":"a"}\n\nbogus line\n\ndata: [DONE]\n\n');
    };
    const { stream } = await call();
    expect(stream?.malformed).toEqual(['bogus line']);
  });

  it('gives up on a stalled stream after the per-event timeout instead of hanging', async () => {
    writer = (res) => {
      sse(res);
      res.write('data: {"type":"a"}\n\n');
      const keepAlive = setInterval(() => res.write(': still here\n\n'), 50);
      res.on('close', () => clearInterval(keepAlive));
    };
    const started = Date.now();
    const { stream } = await call(300);
    expect(stream?.stalled?.afterEvents).toBe(1);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('captures a JSON answer to a stream request as a plain response', async () => {
    writer = (res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"error":{"code":400,"message":"no"}}');
    };
    const outcome = await call();
    expect(outcome.stream).toBeUndefined();
    expect(outcome.response).toMatchObject({ status: 400, json: { error: { code: 400 } } });
  });
});
