import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { loadContract } from '../../kit/contract/contract';
import { startStandInServer } from '../../kit/test/support/stand-in-server';
import { startInProcessMock } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { startFaultProxy } from '../../conformance/test/faults/fault-proxy';
import { privateCaCertificates } from '../../conformance/test/support/tls-gateway';
import type { FaultProxy, ProxiedRequest } from '../../conformance/test/faults/fault-proxy';
import { startProxy } from '../index';
import type { RunningProxy } from '../index';

const contract = loadContract();

interface Answer {
  readonly status?: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly error?: string;
}

/** One request with node's http client, which sends the headers it is given (fetch refuses some). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; chunks?: string[] } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', (err) =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), error: err.message }),
        );
      },
    );
    req.on('error', (err) => resolve({ headers: {}, body: Buffer.alloc(0), error: err.message }));
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

/** Waits until the proxy has checked `count` exchanges. */
async function checked(proxy: RunningProxy, count: number): Promise<void> {
  while (proxy.exchanges < count) await new Promise((resolve) => setImmediate(resolve));
}

let mock: RunningMock;
let proxy: RunningProxy | undefined;
const closers: Array<() => Promise<void>> = [];
beforeAll(async () => {
  mock = await startInProcessMock();
});
afterAll(() => mock.close());
afterEach(async () => {
  await proxy?.close(0);
  proxy = undefined;
  for (const close of closers.splice(0)) await close();
});

describe('relaying', () => {
  it('drops hop-by-hop headers both ways, and those the Connection header names, and keeps the rest', async () => {
    const seen: ProxiedRequest[] = [];
    const recording: FaultProxy = await startFaultProxy(mock.baseUrl, {
      request: (req) => {
        seen.push(req);
        return req;
      },
      response: (res) => ({
        ...res,
        headers: { ...res.headers, connection: 'x-hop-back', 'x-hop-back': '1', 'x-end-back': '2' },
      }),
    });
    closers.push(() => recording.close());
    proxy = await startProxy({ upstream: recording.baseUrl });
    const answer = await send(`${proxy.baseUrl}/model/openai/gpt-4o`, {
      headers: {
        authorization: 'Bearer sk-mock-user',
        connection: 'keep-alive, x-hop',
        'x-hop': '1',
        'keep-alive': 'timeout=5',
        te: 'trailers',
        'proxy-authorization': 'Basic dXNlcjpwYXNz',
        'x-end': '2',
      },
    });
    expect(answer.status).toBe(200);
    const headers = seen[0]?.headers ?? {};
    expect(headers).toMatchObject({ authorization: 'Bearer sk-mock-user', 'x-end': '2' });
    for (const hop of ['x-hop', 'keep-alive', 'te', 'proxy-authorization']) expect(headers).not.toHaveProperty(hop);
    expect(answer.headers['x-end-back']).toBe('2');
    expect(answer.headers).not.toHaveProperty('x-hop-back');
  });

  it('streams a chunked request body to the gateway as it comes, and checks it whole', async () => {
    const seen: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    // Reads what arrived, then has the mock answer it.
    const recording = await startStandInServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        seen.push({ headers: req.headers, body });
        void fetch(`${mock.baseUrl}/responses`, {
          method: 'POST',
          headers: { authorization: String(req.headers.authorization), 'content-type': 'application/json' },
          body,
        }).then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
          res.end(await answer.text());
        });
      });
    });
    closers.push(() => recording.close());
    proxy = await startProxy({ upstream: recording.baseUrl });
    const body = JSON.stringify({ model: 'openai/gpt-4o', input: 'hello in three chunks' });
    const answer = await send(`${proxy.baseUrl}/responses`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk-mock-user',
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      },
      chunks: [body.slice(0, 10), body.slice(10, 30), body.slice(30)],
    });
    expect(answer.status).toBe(200);
    expect(seen).toEqual([{ headers: expect.objectContaining({ 'transfer-encoding': 'chunked' }), body }]);
    await checked(proxy, 1);
    expect(proxy.violations()).toEqual([]);
  });

  it('asks the gateway only for codings it can decode, relays the compressed bytes, and checks the decoded body', async () => {
    const good = (await (
      await fetch(`${mock.baseUrl}/model/openai/gpt-4o`, { headers: { authorization: 'Bearer sk-mock-user' } })
    ).json()) as {
      data: Record<string, unknown>;
    };
    const compressed = gzipSync(JSON.stringify({ data: { ...good.data, id: 42 } }));
    let acceptEncoding: string | undefined;
    const gzipping = await startStandInServer((req, res) => {
      acceptEncoding = req.headers['accept-encoding'];
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': compressed.length,
      });
      res.end(compressed);
    });
    closers.push(() => gzipping.close());
    proxy = await startProxy({ upstream: gzipping.baseUrl });
    const answer = await send(`${proxy.baseUrl}/model/openai/gpt-4o`, {
      headers: { authorization: 'Bearer sk-mock-user', 'accept-encoding': 'zstd, br;q=0.9, gzip;q=0.8' },
    });
    expect(acceptEncoding).toBe('br;q=0.9, gzip;q=0.8');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.body.equals(compressed)).toBe(true);
    expect(JSON.parse(gunzipSync(answer.body).toString('utf8'))).toMatchObject({ data: { id: 42 } });
    await checked(proxy, 1);
    expect(proxy.violations()).toEqual([
      expect.objectContaining({ check: 'response-schema-valid', operation: 'getModel' }),
    ]);
  });

  it('answers 502 in the contract error envelope when the gateway cannot be reached, and reports it', async () => {
    const gone = await startStandInServer(() => undefined);
    await gone.close();
    proxy = await startProxy({ upstream: gone.baseUrl });
    const answer = await send(`${proxy.baseUrl}/model/openai/gpt-4o`, {
      headers: { authorization: 'Bearer sk-mock-user' },
    });
    expect(answer.status).toBe(502);
    const envelope = JSON.parse(answer.body.toString('utf8')) as { error: { code: number; message: string } };
    const validate = contract.validator('#/components/schemas/ErrorEnvelope');
    expect(validate(envelope)).toBe(true);
    expect(envelope.error).toMatchObject({
      code: 502,
      message: expect.stringMatching(/request to the gateway .* failed: .*ECONNREFUSED/),
    });
    await checked(proxy, 1);
    expect(proxy.violations()).toEqual([
      expect.objectContaining({ check: 'request-completes', message: expect.stringMatching(/ECONNREFUSED/) }),
    ]);
  });

  it("says what to do when the gateway's TLS certificate is not trusted", async () => {
    const certificates = await privateCaCertificates();
    const gateway = await startStandInServer(() => undefined, certificates);
    try {
      proxy = await startProxy({ upstream: gateway.baseUrl });
      const answer = await send(`${proxy.baseUrl}/model/openai/gpt-4o`, {
        headers: { authorization: 'Bearer sk-mock-user' },
      });
      expect(answer.status).toBe(502);
      const envelope = JSON.parse(answer.body.toString('utf8')) as { error: { code: number; message: string } };
      expect(envelope.error.message).toMatch(/TLS handshake failed: its certificate is not trusted/);
      expect(envelope.error.message).toMatch(/NODE_EXTRA_CA_CERTS/);
    } finally {
      await gateway.close();
    }
  });

  it('aborts the request to the gateway when the client goes away mid-stream, and reports nothing for it', async () => {
    let gatewaySawClose: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (gatewaySawClose = resolve));
    const slow = await startStandInServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"type":"response.created","sequence_number":0}\n\n');
      res.on('close', () => gatewaySawClose());
    });
    closers.push(() => slow.close());
    proxy = await startProxy({ upstream: slow.baseUrl });
    const running = proxy;
    await new Promise<void>((resolve) => {
      const req = http.request(`${running.baseUrl}/responses`, {
        method: 'POST',
        agent: false,
        headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' },
      });
      req.on('response', (res) => res.once('data', () => (req.destroy(), resolve())));
      req.on('error', () => undefined);
      req.end(JSON.stringify({ model: 'openai/gpt-4o', input: 'hello', stream: true }));
    });
    await closed;
    expect(running.violations()).toEqual([]);
  });

  it('cuts the client off when the gateway breaks off a stream, and reports the stream it cut short', async () => {
    const breaking = await startStandInServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"type":"response.created","sequence_number":0}\n\n', () => res.socket?.destroy());
    });
    closers.push(() => breaking.close());
    proxy = await startProxy({ upstream: breaking.baseUrl });
    const answer = await send(`${proxy.baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' },
      chunks: [JSON.stringify({ model: 'openai/gpt-4o', input: 'hello', stream: true })],
    });
    expect(answer.error).toBeDefined();
    await checked(proxy, 1);
    // The broken connection is the root cause; the [DONE] it never sent is its knock-on, not reported again.
    const checks = proxy.violations().map((v) => v.check);
    expect(checks).toContain('stream-completes-in-time');
    expect(checks).not.toContain('stream-done-last');
  });
});
