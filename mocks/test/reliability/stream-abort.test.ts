/**
 * 500 streams (createResponse with stream: true) cut by the client at random
 * moments: before the answer, mid-stream and after the end. The server stays healthy and gives
 * everything back: no handler left waiting, no socket, timer or listener left over, bounded heap.
 */
import http from 'node:http';
import type { MockServer } from '../../src/runtimes/node/server';
import { createMockServer } from '../../src/runtimes/node/server';
import { collectGarbage, resourceCounts, seededRandom, send, settle } from './support';

const STREAMS = 500;
const BATCH = 100;
/** The long-story script (~200 tokens) at 600 tokens/s: each stream lasts about a third of a second. */
const BODY = JSON.stringify({ model: 'openai/gpt-4o', input: 'tell me a long story', stream: true });
const HEADERS = {
  authorization: 'Bearer sk-mock-user',
  'content-type': 'application/json',
  'x-mock-tokens-per-second': '600',
};

interface Outcome {
  readonly phase: 'before-answer' | 'mid-stream' | 'completed';
}

/** One stream, cut `afterMs` after it was sent (or read to the end if it finishes first). */
function cutStream(origin: string, afterMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let body = '';
    let answered = false;
    const req = http.request(
      `${origin}/api/v1/responses`,
      { method: 'POST', headers: HEADERS, agent: false },
      (res) => {
        answered = true;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ phase: body.includes('data: [DONE]') ? 'completed' : 'mid-stream' });
        });
        res.on('error', () => undefined);
        res.on('aborted', () => undefined);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ phase: answered ? 'mid-stream' : 'before-answer' });
    }, afterMs);
    req.on('error', () => undefined);
    req.end(BODY);
  });
}

describe('streams aborted by the client', () => {
  let mock: MockServer;
  let origin = '';
  const logs: string[] = [];
  // Streams the mock is still running: one that never ends would hold its resources.
  const running = (): number => mock.runningStreams();

  beforeAll(async () => {
    mock = createMockServer({
      options: { log: (line) => logs.push(line) },
    });
    origin = new URL(await mock.listen()).origin;
  });
  afterAll(async () => {
    await mock.close();
  });

  it(`frees every handler, socket, timer and listener after ${STREAMS} streams cut at random points`, async () => {
    // Warm up (tokenizer, validators, first connections) so that the baseline is the steady state.
    await Promise.all(Array.from({ length: 5 }, () => cutStream(origin, 5_000)));
    collectGarbage();
    const baseline = {
      resources: resourceCounts(),
      heap: process.memoryUsage().heapUsed,
      listeners: listenerCounts(mock),
    };

    const random = seededRandom(500);
    const phases = new Map<string, number>();
    for (let start = 0; start < STREAMS; start += BATCH) {
      // One stream in five is read to its end, whatever the machine's speed; the rest are cut at a random moment.
      const cutAfter = (): number => (random() < 0.2 ? 30_000 : Math.floor(random() * 450));
      const outcomes = await Promise.all(Array.from({ length: BATCH }, () => cutStream(origin, cutAfter())));
      for (const { phase } of outcomes) phases.set(phase, (phases.get(phase) ?? 0) + 1);
    }
    // Every kind of cut happened, so the checks below cover them all.
    expect(phases.get('before-answer') ?? 0).toBeGreaterThan(0);
    expect(phases.get('mid-stream') ?? 0).toBeGreaterThan(50);
    expect(phases.get('completed') ?? 0).toBeGreaterThan(0);

    const connections = (): Promise<number> =>
      new Promise((resolve) => mock.server.getConnections((_err, n) => resolve(n)));
    expect(await settle(async () => running() === 0 && (await connections()) === 0, 5_000)).toBe(true);
    expect(
      await settle(() => {
        const now = resourceCounts();
        return (
          (now.TCPSocketWrap ?? 0) <= (baseline.resources.TCPSocketWrap ?? 0) &&
          (now.Timeout ?? 0) <= (baseline.resources.Timeout ?? 0) + 2
        );
      }, 5_000),
    ).toBe(true);
    expect(listenerCounts(mock)).toEqual(baseline.listeners);
    collectGarbage();
    expect(process.memoryUsage().heapUsed - baseline.heap).toBeLessThan(16 * 1024 * 1024);
    expect(logs.filter((line) => line.startsWith('internal error'))).toEqual([]);
  }, 60_000);

  it('still streams to the end and answers JSON afterwards', async () => {
    const stream = await send(origin, {
      method: 'POST',
      path: '/api/v1/responses',
      headers: { ...HEADERS, 'x-mock-tokens-per-second': '0' },
      body: BODY,
    });
    expect(stream.status).toBe(200);
    expect(stream.body.toString('utf8').trimEnd().endsWith('data: [DONE]')).toBe(true);
    const model = await send(origin, {
      method: 'GET',
      path: '/api/v1/model/openai/gpt-4o',
      headers: { authorization: 'Bearer sk-mock-user' },
    });
    expect(model.status).toBe(200);
  });
});

/** Listener counts on the server and the process: a per-request listener left behind shows up here. */
function listenerCounts(mock: MockServer): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [name, emitter] of [
    ['server', mock.server],
    ['process', process],
  ] as const) {
    for (const event of emitter.eventNames()) counts[`${name}:${String(event)}`] = emitter.listenerCount(event);
  }
  return counts;
}
