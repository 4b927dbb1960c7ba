import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startInProcessMock } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { startFaultProxy } from '../../conformance/test/faults/fault-proxy';
import type { Fault, FaultProxy } from '../../conformance/test/faults/fault-proxy';
import { typeOf } from '../../conformance/test/faults/sse-frames';
import { readSse } from '../../kit/sse/read-sse';
import { startProxy, VIOLATIONS_PATH } from '../index';
import type { RunningProxy } from '../index';

const USER = { authorization: 'Bearer sk-mock-user' };
const MANAGEMENT = { authorization: 'Bearer sk-mock-management' };
const JSON_BODY = { 'content-type': 'application/json' };

let mock: RunningMock;
beforeAll(async () => {
  mock = await startInProcessMock();
});
afterAll(() => mock.close());

/** A proxy in front of `upstream` that keeps the lines it prints; closed after each test. */
function useProxy() {
  const state: { proxy?: RunningProxy; lines: string[] } = { lines: [] };
  const start = async (upstream: string): Promise<RunningProxy> => {
    state.lines = [];
    state.proxy = await startProxy({ upstream, log: (line) => state.lines.push(line) });
    return state.proxy;
  };
  afterEach(async () => {
    await state.proxy?.close(0);
    state.proxy = undefined;
  });
  return { start, lines: () => state.lines };
}

/** Reads a body chunk by chunk and stamps when each SSE event arrived at the client. */
async function readTimed(res: Response): Promise<{ text: string; arrivals: Array<{ type: string; atMs: number }> }> {
  const started = performance.now();
  const decoder = new TextDecoder();
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  const arrivals: Array<{ type: string; atMs: number }> = [];
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
    const events = readSse(text).events;
    for (const event of events.slice(arrivals.length)) {
      const type = (event.json as { type?: string } | undefined)?.type ?? event.data;
      arrivals.push({ type, atMs: performance.now() - started });
    }
  }
  return { text, arrivals };
}

/** Waits until the proxy has checked `count` exchanges (it checks each once its answer is complete). */
async function checked(proxy: RunningProxy, count: number): Promise<void> {
  while (proxy.exchanges < count) await new Promise((resolve) => setImmediate(resolve));
}

describe('the proxy in front of the mock', () => {
  const { start, lines } = useProxy();

  it('forwards requests and answers unchanged, and finds no violation in the traffic of a conforming gateway', async () => {
    const proxy = await start(mock.baseUrl);
    expect(proxy.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const direct = await fetch(`${mock.baseUrl}/model/openai/gpt-4o`, { headers: USER });
    const relayed = await fetch(`${proxy.baseUrl}/model/openai/gpt-4o`, { headers: USER });
    expect(relayed.status).toBe(200);
    expect(await relayed.json()).toEqual(await direct.json());
    const page = await fetch(`${proxy.baseUrl}/embeddings/models?offset=0&limit=2`, { headers: USER });
    expect(page.status).toBe(200);
    const unassign = await fetch(
      `${proxy.baseUrl}/guardrails/00000000-0000-4000-8000-000000000001/assignments/keys/remove`,
      {
        method: 'POST',
        headers: { ...MANAGEMENT, ...JSON_BODY },
        body: JSON.stringify({ key_hashes: ['0'.repeat(64)] }),
      },
    );
    expect(await unassign.json()).toEqual({ unassigned_count: 0 });
    const answer = await fetch(`${proxy.baseUrl}/responses`, {
      method: 'POST',
      headers: { ...USER, ...JSON_BODY },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hello' }),
    });
    expect(answer.status).toBe(200);
    const stream = await fetch(`${proxy.baseUrl}/responses`, {
      method: 'POST',
      headers: { ...USER, ...JSON_BODY },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hello', stream: true }),
    });
    expect((await stream.text()).trimEnd().endsWith('data: [DONE]')).toBe(true);

    await checked(proxy, 5);
    expect(proxy.violations()).toEqual([]);
    expect(lines()).toEqual([]);
    const listed = await fetch(`${new URL(proxy.baseUrl).origin}${VIOLATIONS_PATH}`);
    expect(await listed.json()).toEqual({ exchanges: 5, found: 0, gateway: 0, client: 0, violations: [] });
    expect(proxy.report()).toMatchObject({ passed: true, totals: { fail: 0 } });
    expect(proxy.report().totals.pass).toBeGreaterThan(20);
  });

  it('relays a paced stream event by event as the gateway sends it, not all at the end', async () => {
    const proxy = await start(mock.baseUrl);
    // 10 tokens per second: the deltas of the answer leave the mock some 100 ms apart.
    const res = await fetch(`${proxy.baseUrl}/responses`, {
      method: 'POST',
      headers: { ...USER, ...JSON_BODY, 'x-mock-first-token-delay-ms': '0', 'x-mock-tokens-per-second': '10' },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hello', stream: true }),
    });
    const { arrivals } = await readTimed(res);
    const deltas = arrivals.filter((a) => a.type === 'response.output_text.delta');
    expect(deltas.length).toBeGreaterThanOrEqual(4);
    // A buffering proxy hands every delta over at once; paced ones arrive spread over the
    // schedule. Half of it is asked for: the mock keeps to its schedule after a late timer, so a
    // stall of the busy machine bunches the deltas that were due during it (a full `npm test`
    // once squeezed 400 ms of a faster schedule into 246).
    const spreadMs = (deltas.at(-1)?.atMs ?? 0) - (deltas[0]?.atMs ?? 0);
    console.info(`${deltas.length} deltas at 10 tokens/s arrived over ${Math.round(spreadMs)} ms through the proxy`);
    expect(spreadMs).toBeGreaterThanOrEqual((deltas.length - 1) * 100 * 0.5);
    await checked(proxy, 1);
    expect(proxy.violations()).toEqual([]);
  });

  it('forwards HEAD without judging its empty body as a GET answer', async () => {
    const proxy = await start(mock.baseUrl);
    const head = await fetch(`${proxy.baseUrl}/model/openai/gpt-4o`, { method: 'HEAD', headers: USER });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    const get = await fetch(`${proxy.baseUrl}/model/openai/gpt-4o`, { headers: USER });
    expect(get.status).toBe(200);
    await get.text();
    await checked(proxy, 1);
    expect(proxy.violations()).toEqual([]);
    expect(lines()).toEqual([]);
  });

  it('reports a request its parser refused, but not a client that reset its connection mid-request', async () => {
    const proxy = await start(mock.baseUrl);
    const { port } = new URL(proxy.baseUrl);
    const send = (bytes: string, reset: boolean) =>
      new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(bytes, () => {
            if (reset) socket.resetAndDestroy();
          });
        });
        socket.on('data', () => undefined);
        socket.on('error', () => undefined);
        socket.on('close', () => resolve());
      });
    await send('GET /api/v1/model/openai/gpt-4o HTTP/1.1\r\nHost: x\r\nAuthor', true);
    await send('GET /api/v1/model/openai/gpt-4o HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n', false);
    const warnings = () => (proxy.report() as { warnings?: { count: number } }).warnings?.count ?? 0;
    while (warnings() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(warnings()).toBe(1);
    expect(lines()).toEqual([expect.stringContaining('proxy: ⚠ the proxy refused GET /api/v1/model/openai/gpt-4o')]);
  });

  it('forwards a request that breaks the spec, and reports it', async () => {
    const proxy = await start(mock.baseUrl);
    const res = await fetch(`${proxy.baseUrl}/responses`, {
      method: 'POST',
      headers: { ...USER, ...JSON_BODY },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hi', user: 'u'.repeat(300) }),
    });
    // The gateway (here the mock) saw it and answered; the proxy did not answer in its place.
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('body.user');
    await checked(proxy, 1);
    expect(proxy.violations()).toEqual([
      expect.objectContaining({
        check: 'request-valid',
        operation: 'createResponse',
        message: 'the request breaks the spec: body.user must NOT have more than 256 characters (maxLength)',
      }),
    ]);
    expect(lines()).toEqual([
      'proxy: ✗ [client] request-valid · createResponse · POST /api/v1/responses → 400: the request breaks the spec: body.user must NOT have more than 256 characters (maxLength)',
    ]);
  });
});

describe('the proxy and requests for no operation', () => {
  const { start, lines } = useProxy();

  it("relays a browser's CORS preflight without checking it against the API", async () => {
    const proxy = await start(mock.baseUrl);
    const res = await fetch(`${proxy.baseUrl}/responses`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const answered = await fetch(`${proxy.baseUrl}/model/openai/gpt-4o`, { headers: USER });
    expect(answered.status).toBe(200);
    // close() waits for every exchange to be checked: nothing is left to come in late.
    await proxy.close(0);
    expect(proxy.exchanges).toBe(1);
    expect(proxy.violations()).toEqual([]);
  });

  it('forwards a request to a path the spec does not have, and reports it', async () => {
    const proxy = await start(mock.baseUrl);
    const res = await fetch(`${proxy.baseUrl}/models`, { headers: USER });
    expect(res.status).toBe(404);
    await checked(proxy, 1);
    expect(proxy.violations()).toEqual([
      expect.objectContaining({
        check: 'request-valid',
        operation: '-',
        message: expect.stringMatching(/^the request is for no operation of the spec: No operation at \/models/),
      }),
    ]);
    expect(lines()).toEqual([
      expect.stringMatching(/^proxy: ✗ \[client\] request-valid · - · GET \/api\/v1\/models → 404: /),
    ]);
  });

  it('routes a target with dot segments as a URL resolves them, and leaves the query out of the path', async () => {
    const proxy = await start(mock.baseUrl);
    const { port } = new URL(proxy.baseUrl);
    // fetch would resolve the dot segment itself; node:http sends the target as written.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/api/v1/x/../models?limit=2', headers: USER, agent: false },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(404);
    await checked(proxy, 1);
    expect(proxy.violations()).toEqual([
      expect.objectContaining({
        check: 'request-valid',
        message: expect.stringMatching(/^the request is for no operation of the spec: No operation at \/models\b/),
      }),
    ]);
  });
});

describe('the proxy in front of a gateway that breaks the contract', () => {
  const { start, lines } = useProxy();
  let broken: FaultProxy | undefined;
  afterEach(async () => {
    await broken?.close();
    broken = undefined;
  });

  const getModel = (proxy: RunningProxy): Promise<Response> =>
    fetch(`${proxy.baseUrl}/model/openai/gpt-4o`, { headers: USER });
  const stream = (proxy: RunningProxy): Promise<Response> =>
    fetch(`${proxy.baseUrl}/responses`, {
      method: 'POST',
      headers: { ...USER, ...JSON_BODY },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hello', stream: true }),
    });

  it.each<[string, { fault: Fault; send: (proxy: RunningProxy) => Promise<Response>; check: string; message: RegExp }]>(
    [
      [
        'a JSON body the schema does not allow',
        {
          fault: {
            response: (res) => ({ ...res, body: { data: { ...(res.body as { data: object }).data, id: 42 } } }),
          },
          send: getModel,
          check: 'response-schema-valid',
          message: /data\/id|data\.id/,
        },
      ],
      [
        'a status the operation does not document',
        {
          fault: { response: (res) => ({ ...res, status: 418 }) },
          send: getModel,
          check: 'status-code-documented',
          message: /418/,
        },
      ],
      [
        'a stream whose events come out of order',
        {
          fault: {
            // response.created moves behind the first text delta.
            stream: (frames) => {
              const created = frames.findIndex((f) => typeOf(f) === 'response.created');
              const delta = frames.findIndex((f) => typeOf(f) === 'response.output_text.delta');
              const out = [...frames];
              const [moved] = out.splice(created, 1);
              out.splice(delta, 0, moved as string);
              return { frames: out };
            },
          },
          send: stream,
          check: 'stream-lifecycle-order',
          message: /response\.created/,
        },
      ],
      [
        'no routing metadata on an answer to a request that opted into it',
        {
          fault: {
            response: (res) => ({ ...res, body: { ...(res.body as object), service_metadata: undefined } }),
          },
          send: (proxy) =>
            fetch(`${proxy.baseUrl}/responses`, {
              method: 'POST',
              headers: { ...USER, ...JSON_BODY, 'X-Service-Metadata': 'enabled' },
              body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hello' }),
            }),
          check: 'service-metadata-present',
          message: /the result has no service_metadata although the request sent X-Service-Metadata: enabled/,
        },
      ],
      [
        'a stream without [DONE]',
        {
          fault: { stream: (frames) => ({ frames: frames.filter((f) => !f.includes('[DONE]')) }) },
          send: stream,
          check: 'stream-done-last',
          message: /\[DONE\]/,
        },
      ],
    ],
  )('relays %s to the client and reports it', async (_name, { fault, send, check, message }) => {
    broken = await startFaultProxy(mock.baseUrl, fault);
    const proxy = await start(broken.baseUrl);
    const res = await send(proxy);
    await res.text();
    await checked(proxy, 1);
    const found = proxy.violations();
    expect(found).toContainEqual(expect.objectContaining({ check, message: expect.stringMatching(message) }));
    expect(lines()).toContainEqual(
      expect.stringMatching(new RegExp(`^proxy: ✗ ${check} · \\w+ · (GET|POST) /api/v1/\\S+ → \\d+: `)),
    );
    // The line carries the whole finding, the detail after a schema finding's first line included.
    expect(lines().find((line) => line.includes(`✗ ${check} `))).toMatch(message);
    const listed = (await (await fetch(`${new URL(proxy.baseUrl).origin}${VIOLATIONS_PATH}`)).json()) as {
      violations: Array<{ check: string }>;
    };
    expect(listed.violations.map((v) => v.check)).toContain(check);

    const dir = mkdtempSync(path.join(tmpdir(), 'proxy-reports-'));
    try {
      const files = proxy.writeReports(dir);
      expect(files.map((f) => path.basename(f))).toEqual(['junit.xml', 'conformance.json', 'conformance.html']);
      expect(readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toMatch(
        new RegExp(`<testcase [^>]*name="[^"]*› ${check}" time="[\\d.]+">\\s*<failure`),
      );
      const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
        passed: boolean;
        failures: unknown[];
      };
      expect(report.passed).toBe(false);
      expect(report.failures).toHaveLength(found.length);
      expect(readFileSync(path.join(dir, 'conformance.html'), 'utf8')).toContain(check);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('judges every GET answer on its own bytes, the same bytes again as the first time', async () => {
    // Answers 1 and 3 are the same bytes breaking the schema; answer 2 conforms.
    let answered = 0;
    broken = await startFaultProxy(mock.baseUrl, {
      response: (res) =>
        ++answered === 2 ? res : { ...res, body: { data: { ...(res.body as { data: object }).data, id: 42 } } },
    });
    const proxy = await start(broken.baseUrl);
    for (let i = 0; i < 3; i++) await (await getModel(proxy)).text();
    await checked(proxy, 3);
    const schemaFailures = proxy.violations().filter((v) => v.check === 'response-schema-valid');
    expect(schemaFailures.map((v) => v.scenario.split(' ')[0])).toEqual(['#1', '#3']);
  });
});
