import http from 'node:http';
import net from 'node:net';
import { loadContract } from '../../../../kit/contract/contract';
import type { Handler } from '../../../src/core/handler-types';
import { startMock } from '../../helpers/start-mock';
import type { StartedMock } from '../../helpers/start-mock';
import { bearer, responseExample, USER_KEY } from '../../helpers/sample-requests';
import { contractStreamProblems, parseSse } from '../../helpers/stream-helpers';

const contract = loadContract();
const model = responseExample(contract, '/model/{author}/{slug}', 'get', '200', 'application/json', 'gpt4o');

/**
 * A GET /model handler the test steers: `reached` resolves when a request gets to it, and it
 * answers once `release()` is called, or never (stopping only when the client or the server goes
 * away). `aborted` resolves when its request's signal fires.
 */
function gatedGetModel() {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive = (): void => undefined;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  let abort = (): void => undefined;
  const aborted = new Promise<void>((resolve) => (abort = resolve));
  const handler: Handler = ({ signal }) =>
    new Promise((resolve, reject) => {
      arrive();
      void released.then(() => resolve({ status: 200, body: model }));
      signal.addEventListener('abort', () => {
        abort();
        reject(new Error('client went away'));
      });
    });
  return { handler, reached, release, aborted };
}

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

/** A grace period no test here should wait out: `close` ends before it unless something is wrong. */
const LONG_GRACE_MS = 10_000;

describe('shutdown (MockServer.close, used by SIGINT/SIGTERM)', () => {
  it('finishes a request in flight, then closes at once although the client keeps the connection alive', async () => {
    const gate = gatedGetModel();
    const started = await startMock({ contract, handlers: { getModel: gate.handler } });
    const answer = get(started, '/model/openai/gpt-4o');
    await gate.reached;
    const graceOver = jest.fn();
    const closing = started.mock.close(LONG_GRACE_MS, graceOver);
    gate.release();
    await closing;
    expect(await answer).toEqual({ status: 200, body: JSON.stringify(model) });
    // Closed once the answer was sent, not when the grace period ran out.
    expect(graceOver).not.toHaveBeenCalled();
    expect(started.mock.responseViolations).toEqual([]);
  });

  it('stops accepting connections as soon as close begins', async () => {
    const gate = gatedGetModel();
    const started = await startMock({ contract, handlers: { getModel: gate.handler } });
    const inFlight = get(started, '/model/openai/gpt-4o');
    await gate.reached;
    const closing = started.mock.close(LONG_GRACE_MS);
    const late = await get(started, '/model/openai/gpt-4o');
    expect(late.error).toBe('ECONNREFUSED');
    gate.release();
    expect((await inFlight).status).toBe(200);
    await closing;
  });

  it('closes a request that does not finish within the grace period and aborts its handler', async () => {
    const gate = gatedGetModel();
    const started = await startMock({ contract, handlers: { getModel: gate.handler } });
    const answer = get(started, '/model/openai/gpt-4o');
    await gate.reached;
    const graceOver = jest.fn();
    await started.mock.close(100, graceOver);
    expect(graceOver).toHaveBeenCalledTimes(1);
    expect((await answer).error).toBeDefined();
    await gate.aborted;
  });

  it('closes idle keep-alive connections and connections that sent nothing without waiting', async () => {
    const started = await startMock({ contract });
    const agent = new http.Agent({ keepAlive: true });
    expect((await get(started, '/model/openai/gpt-4o', agent)).status).toBe(200);
    const silent = net.connect(Number(new URL(started.baseUrl).port), '127.0.0.1');
    await new Promise((resolve) => silent.once('connect', resolve));
    const graceOver = jest.fn();
    await started.mock.close(LONG_GRACE_MS, graceOver);
    expect(graceOver).not.toHaveBeenCalled();
    silent.destroy();
    agent.destroy();
  });

  it('ends a stream still running when the grace period is over with error, response.failed and [DONE]', async () => {
    const started = await startMock({ contract });
    let firstDelta = (): void => undefined;
    const deltaArrived = new Promise<void>((resolve) => (firstDelta = resolve));
    const text = new Promise<string>((resolve, reject) => {
      const req = http.request(
        `${started.baseUrl}/responses`,
        {
          method: 'POST',
          // One token a second: the answer would take minutes to finish on its own.
          headers: { ...bearer(USER_KEY), 'content-type': 'application/json', 'x-mock-tokens-per-second': '1' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
            if (body.includes('response.output_text.delta')) firstDelta();
          });
          res.on('end', () => resolve(body));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ model: 'openai/gpt-4o', input: 'tell me a long story', stream: true }));
    });
    await deltaArrived;
    await started.mock.close(100);
    const { events, done } = parseSse(await text);
    expect(done).toBe(true);
    expect(contractStreamProblems(events)).toEqual([]);
    expect(events.some((e) => e.type === 'response.output_text.delta')).toBe(true);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['error', 'response.failed']);
    expect(events.at(-2)).toMatchObject({
      code: 'server_error',
      message: expect.stringMatching(/shutting down/),
    });
    expect(events.at(-1)?.response).toMatchObject({
      status: 'failed',
      error: { code: 'server_error' },
      error_type: 'server',
    });
    expect(started.mock.responseViolations).toEqual([]);
  });

  it('resolves at once when the server is not listening', async () => {
    const started = await startMock({ contract });
    await started.mock.close();
    await expect(started.mock.close()).resolves.toBeUndefined();
  });
});
