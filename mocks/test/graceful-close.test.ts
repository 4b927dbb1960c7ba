import http from 'node:http';
import net from 'node:net';
import { loadContract } from '../../kit/contract/contract';
import type { Handler } from '../src/pipeline/context';
import { startMock } from './helpers/start-mock';
import type { StartedMock } from './helpers/start-mock';
import { bearer, responseExample, USER_KEY } from './helpers/sample-requests';
import { contractStreamProblems, parseSse } from './helpers/stream-helpers';

const contract = loadContract();
const model = responseExample(contract, '/model/{author}/{slug}', 'get', '200', 'application/json', 'gpt4o');

/** GET /model answers after `ms`, or never (stopping only when the client or the server goes away). */
const slowGetModel =
  (ms: number | 'never'): Handler =>
  ({ signal }) =>
    new Promise((resolve, reject) => {
      if (ms !== 'never') setTimeout(() => resolve({ status: 200, body: model }), ms);
      signal.addEventListener('abort', () => reject(new Error('client went away')));
    });

interface Answer {
  readonly status?: number;
  readonly body?: string;
  readonly error?: string;
}

/** One GET over its own keep-alive connection; resolves with the answer or the socket error. */
function get(started: StartedMock, path: string, agent = new http.Agent({ keepAlive: true })): Promise<Answer> {
  return new Promise((resolve) => {
    http
      .get(`${started.baseUrl}${path}`, { agent, headers: bearer(USER_KEY) }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
        res.on('error', (err) => resolve({ error: err.message }));
      })
      .on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

const waitFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('shutdown (MockServer.close, used by SIGINT/SIGTERM)', () => {
  it('finishes a request in flight, then closes at once although the client keeps the connection alive', async () => {
    const started = await startMock({ contract, handlers: { getModel: slowGetModel(200) } });
    const answer = get(started, '/model/openai/gpt-4o');
    await waitFor(50);
    const t0 = performance.now();
    await started.mock.close(5_000);
    const closedAfter = performance.now() - t0;
    expect(await answer).toEqual({ status: 200, body: JSON.stringify(model) });
    expect(closedAfter).toBeLessThan(5_000);
    expect(started.mock.responseViolations).toEqual([]);
  });

  it('stops accepting connections as soon as close begins', async () => {
    const started = await startMock({ contract, handlers: { getModel: slowGetModel(200) } });
    const inFlight = get(started, '/model/openai/gpt-4o');
    await waitFor(50);
    const closing = started.mock.close(5_000);
    const late = await get(started, '/model/openai/gpt-4o');
    expect(late.error).toBe('ECONNREFUSED');
    expect((await inFlight).status).toBe(200);
    await closing;
  });

  it('closes a request that does not finish within the grace period and aborts its handler', async () => {
    let aborted = false;
    const never: Handler = (ctx) => {
      ctx.signal.addEventListener('abort', () => (aborted = true));
      return slowGetModel('never')(ctx);
    };
    const started = await startMock({ contract, handlers: { getModel: never } });
    const answer = get(started, '/model/openai/gpt-4o');
    await waitFor(50);
    await started.mock.close(100);
    expect((await answer).error).toBeDefined();
    await waitFor(10);
    expect(aborted).toBe(true);
  });

  it('closes idle keep-alive connections and connections that sent nothing without waiting', async () => {
    const started = await startMock({ contract });
    const agent = new http.Agent({ keepAlive: true });
    expect((await get(started, '/model/openai/gpt-4o', agent)).status).toBe(200);
    const silent = net.connect(Number(new URL(started.baseUrl).port), '127.0.0.1');
    await new Promise((resolve) => silent.once('connect', resolve));
    const t0 = performance.now();
    await started.mock.close(5_000);
    expect(performance.now() - t0).toBeLessThan(1_000);
    silent.destroy();
    agent.destroy();
  });

  it('ends a stream still running when the grace period is over with error, response.failed and [DONE]', async () => {
    const started = await startMock({ contract });
    const text = new Promise<string>((resolve, reject) => {
      const req = http.request(
        `${started.baseUrl}/responses`,
        {
          method: 'POST',
          headers: { ...bearer(USER_KEY), 'content-type': 'application/json', 'x-mock-tokens-per-second': '20' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ model: 'openai/gpt-4o', input: 'tell me a long story', stream: true }));
    });
    await waitFor(200);
    const t0 = performance.now();
    await started.mock.close(100);
    expect(performance.now() - t0).toBeLessThan(1_000);
    const { events, done } = parseSse(await text);
    expect(done).toBe(true);
    expect(contractStreamProblems(events)).toEqual([]);
    expect(events.some((e) => e.type === 'response.output_text.delta')).toBe(true);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['error', 'response.failed']);
    expect(events.at(-2)).toMatchObject({
      code: 'server_shutting_down',
      message: expect.stringMatching(/shutting down/),
    });
    expect(events.at(-1)?.response).toMatchObject({ status: 'failed', error: { code: 'server_shutting_down' } });
    expect(started.mock.responseViolations).toEqual([]);
  });

  it('resolves at once when the server is not listening', async () => {
    const started = await startMock({ contract });
    await started.mock.close();
    await expect(started.mock.close()).resolves.toBeUndefined();
  });
});
