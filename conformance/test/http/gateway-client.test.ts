import { getEventListeners } from 'node:events';
import { loadContract } from '../../../kit/contract/contract';
import { startStandInServer } from '../../../kit/test/support/stand-in-server';
import type { StandInServer } from '../../../kit/test/support/stand-in-server';
import { buildFailure } from '../../engine/build-failure';
import { createCheckContext } from '../../engine/check-context';
import { createGatewayClient } from '../../http/gateway-client';

const ctx = createCheckContext(loadContract());
const createResponse = ctx.operations.get('createResponse');
const getModel = ctx.operations.get('getModel');
if (!createResponse || !getModel) throw new Error('operations missing from the spec');
const keys = { apiKey: 'sk-secret-user-key', managementKey: 'sk-secret-management-key' };

let server: StandInServer;
let baseUrl: string;
let answers: Array<[number, Record<string, string>, string]> = [];
const seen: Array<string | undefined> = [];

beforeAll(async () => {
  server = await startStandInServer((req, res) => {
    seen.push(req.headers.authorization);
    const [status, headers, body] = answers.shift() ?? [200, { 'content-type': 'application/json' }, '{}'];
    res.writeHead(status, headers);
    res.end(body);
  });
  baseUrl = server.baseUrl;
});
afterAll(() => server.close());

const client = () => createGatewayClient({ baseUrl, keys, requestTimeoutMs: 2000, eventTimeoutMs: 2000 });

describe('gateway client', () => {
  it('sends the configured key as a bearer token', async () => {
    seen.length = 0;
    await client().send('s', getModel, { method: 'GET', path: '/model/a/b', credential: 'managementKey' });
    expect(seen).toEqual(['Bearer sk-secret-management-key']);
  });

  it('waits as told and retries a documented 429', async () => {
    answers = [
      [429, { 'content-type': 'application/json', 'retry-after': '0' }, '{"error":{"code":429,"message":"slow down"}}'],
    ];
    const exchange = await client().send('s', createResponse, {
      method: 'POST',
      path: '/responses',
      body: {},
      credential: 'apiKey',
    });
    expect(exchange.response?.status).toBe(200);
  });

  it("leaves no listener on the run's signal after waiting out 429s", async () => {
    const limited: [number, Record<string, string>, string] = [
      429,
      { 'content-type': 'application/json', 'retry-after': '0' },
      '{"error":{"code":429,"message":"slow down"}}',
    ];
    answers = [limited, limited];
    const run = new AbortController();
    const exchange = await createGatewayClient({
      baseUrl,
      keys,
      requestTimeoutMs: 2000,
      eventTimeoutMs: 2000,
      signal: run.signal,
    }).send('s', createResponse, { method: 'POST', path: '/responses', body: {}, credential: 'apiKey' });
    expect(exchange.response?.status).toBe(200);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('keeps an undocumented 429 as the answer', async () => {
    answers = [
      [429, { 'content-type': 'application/json', 'retry-after': '0' }, '{"error":{"code":429,"message":"slow down"}}'],
    ];
    const exchange = await client().send('s', getModel, { method: 'GET', path: '/model/a/b', credential: 'apiKey' });
    expect(exchange.response?.status).toBe(429);
  });

  it('reports failures with the key replaced by its variable, in headers, echoed bodies and curl', async () => {
    answers = [
      [400, { 'content-type': 'application/json' }, '{"error":{"code":400,"message":"bad key sk-secret-user-key"}}'],
    ];
    const exchange = await client().send('s', createResponse, {
      method: 'POST',
      path: '/responses',
      body: { user: "it's" },
      credential: 'apiKey',
    });
    const failure = buildFailure(exchange, { check: 'c', rule: '#/info' }, { message: 'm', expected: 'e' }, { keys });
    expect(JSON.stringify(failure)).not.toContain('sk-secret');
    expect(failure.request.headers.Authorization).toBe('Bearer $API_KEY');
    expect(failure.received.body).toContain('bad key $API_KEY');
    expect(failure.curl).toBe(
      `curl -sS -X POST '${baseUrl}/responses' -H "Authorization: Bearer $API_KEY" -H 'Content-Type: application/json' --data-raw '{"user":"it'\\''s"}'`,
    );
  });

  it('turns a refused connection into a transport error, not a throw', async () => {
    const exchange = await createGatewayClient({
      baseUrl: 'http://127.0.0.1:1/api/v1',
      keys,
      requestTimeoutMs: 1000,
      eventTimeoutMs: 1000,
    }).send('s', getModel, { method: 'GET', path: '/model/a/b', credential: 'apiKey' });
    expect(exchange.transportError).toMatch(/ECONNREFUSED/);
  });
});
