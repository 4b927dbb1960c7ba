import type { GatewayClient } from '../http/gateway-client';
import { pause } from '../http/pause';
import { NOT_READY_STATUSES } from '../engine/not-the-api';
import { waitProbe } from './preflight';
import type { PlanContext } from '../engine/scenario';
import type { Exchange } from '../engine/types';

export const WAIT_POLL_MS = 500;
const REPORT_EVERY_MS = 5_000;

export interface WaitInput {
  readonly plan: PlanContext;
  /** The operations the run covers: the one asked is one of them. */
  readonly scope: ReadonlySet<string>;
  readonly baseUrl: string;
  /** A client with the preflight's short timeout. */
  readonly client: GatewayClient;
  readonly seconds: number;
  readonly log: (line: string) => void;
  readonly signal: AbortSignal;
}

/**
 * `--wait SECONDS`: a target started just before the suite (a container, a dev server) is asked
 * the first operation of the run the API key may call (without side effects, preflight's keyProbe) until it answers with anything but a failed connection or
 * 502/503/504, or the time is up. It judges nothing: the preflight that follows does, and a
 * target still down when the time is up is reported by it as it would be without the wait.
 */
export async function waitForTarget({ plan, scope, baseUrl, client, seconds, log, signal }: WaitInput): Promise<void> {
  const probe = waitProbe(plan, scope);
  if (seconds <= 0 || probe === undefined) return;
  const [operation, request] = probe;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let reportedAt = started;
  for (let tries = 1; ; tries++) {
    const exchange = await client.send('wait', operation, request);
    const why = notReady(exchange);
    if (why === undefined) {
      if (tries > 1) log(`target ${baseUrl} is up after ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return;
    }
    const now = performance.now();
    // An interrupted run says so itself (the run stops, with its partial report).
    if (signal.aborted) return;
    if (now >= deadline) {
      log(`target ${baseUrl} is still not ready after ${seconds} s (${why}): checking it as it is`);
      return;
    }
    if (tries === 1 || now - reportedAt >= REPORT_EVERY_MS) {
      log(`waiting for target ${baseUrl} (${why}); ${Math.ceil((deadline - now) / 1000)} s left`);
      reportedAt = now;
    }
    await pause(Math.min(WAIT_POLL_MS, deadline - now), signal);
  }
}

/** Why an answer says the target is not up yet, or undefined when it is (whatever it answered). */
function notReady(exchange: Exchange): string | undefined {
  if (!exchange.response) return exchange.transportError ?? 'no answer';
  const { status } = exchange.response;
  return NOT_READY_STATUSES.has(status) ? `it answers ${status}` : undefined;
}
