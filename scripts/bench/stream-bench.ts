import http from 'node:http';
import type { BenchRequest } from './canned-response';
import { SseCounter } from './sse-counter';
import { median } from './median';

export interface OneStreamResult {
  /** Request sent → first `data:` event received, ms. */
  readonly timeToFirstEventMs: number;
  readonly events: number;
  /** Events after the first, per second of stream time after the first: the median of the tries. */
  readonly eventsPerSecond: number;
  readonly durationMs: number;
  readonly completed: boolean;
  /** Server CPU (user + system) over all tries divided by the events they carried, µs; null without /proc. */
  readonly cpuUsPerEvent: number | null;
}

interface StreamOutcome {
  readonly ok: boolean;
  readonly events: number;
  readonly startedAt: number;
  readonly firstEventAt: number | undefined;
  readonly endedAt: number;
  readonly error?: string;
}

/** One stream on its own connection, read to the end. */
function stream(
  origin: string,
  request: BenchRequest,
  agent: http.Agent,
  timeoutMs: number,
  onOpen: () => void,
  onClose: () => void,
): Promise<StreamOutcome> {
  const startedAt = performance.now();
  const counter = new SseCounter();
  return new Promise((resolve) => {
    let opened = false;
    let settled = false;
    const settle = (error?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (opened) onClose();
      const ok = error === undefined && counter.done;
      resolve({
        ok,
        events: counter.events,
        startedAt,
        firstEventAt: counter.firstEventAt,
        endedAt: performance.now(),
        error: ok ? undefined : (error ?? 'ended without [DONE]'),
      });
    };
    const req = http.request(
      origin + request.path,
      { method: request.method, headers: request.headers, agent },
      (res) => {
        opened = true;
        onOpen();
        if (res.statusCode !== 200) {
          res.resume();
          settle(`status ${res.statusCode ?? '?'}`);
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => counter.push(chunk, performance.now()));
        res.on('end', () => settle());
        res.on('error', (err) => settle(err.message));
        res.on('aborted', () => settle('aborted by the server'));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      settle(`no [DONE] within ${timeoutMs} ms`);
    }, timeoutMs);
    req.on('error', (err) => settle(err.message));
    req.end(request.body);
  });
}

/**
 * One stream, `tries` times: the best time to first event (less scheduler noise) and the median
 * event rate. The rate of a single try moves a lot with how the events fall into TCP reads, so
 * the rate of whichever try was quickest to its first event says little.
 */
export async function measureOneStream(
  origin: string,
  request: BenchRequest,
  tries: number,
  serverCpuMs: () => number | undefined,
): Promise<OneStreamResult> {
  const agent = new http.Agent({ keepAlive: false });
  let best: OneStreamResult | undefined;
  const rates: number[] = [];
  let events = 0;
  const cpuBefore = serverCpuMs();
  for (let i = 0; i < tries; i++) {
    const outcome = await stream(
      origin,
      request,
      agent,
      30_000,
      () => undefined,
      () => undefined,
    );
    if (!outcome.ok) throw new Error(`stream failed: ${outcome.error ?? ''}`);
    events += outcome.events;
    const first = outcome.firstEventAt ?? outcome.endedAt;
    const tail = Math.max(outcome.endedAt - first, 0.001);
    rates.push(Math.round((outcome.events - 1) / (tail / 1000)));
    const result: OneStreamResult = {
      timeToFirstEventMs: round(first - outcome.startedAt),
      events: outcome.events,
      eventsPerSecond: 0,
      durationMs: round(outcome.endedAt - outcome.startedAt),
      completed: true,
      cpuUsPerEvent: null,
    };
    if (!best || result.timeToFirstEventMs < best.timeToFirstEventMs) best = result;
  }
  agent.destroy();
  const cpuAfter = serverCpuMs();
  const cpuUsPerEvent =
    cpuBefore === undefined || cpuAfter === undefined || events === 0
      ? null
      : Math.round(((cpuAfter - cpuBefore) * 1000) / events);
  return { ...(best as OneStreamResult), eventsPerSecond: median(rates), cpuUsPerEvent };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
