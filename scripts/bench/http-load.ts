import autocannon from 'autocannon';
import type { BenchRequest } from './canned-response';

export interface LoadResult {
  /** Mean requests per second over the run. */
  readonly rps: number;
  /** Latency percentiles in ms (autocannon records whole milliseconds). */
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  readonly errors: number;
  readonly non2xx: number;
  /** Response status → count, to show what a server that is not 2xx answered. */
  readonly statuses: Readonly<Record<string, number>>;
  /** Server CPU time (user + system) per response during the measured run, µs. */
  readonly cpuUsPerRequest: number | null;
}

export interface LoadPlan {
  readonly connections: number;
  readonly durationS: number;
  readonly warmupS: number;
}

/**
 * Drives one server with autocannon, in this process: a short warm-up run (JIT, socket pools),
 * then the measured run with keep-alive connections and no pipelining.
 */
export async function runLoad(
  origin: string,
  request: BenchRequest,
  plan: LoadPlan,
  cpuMs: () => number | undefined,
): Promise<LoadResult> {
  const options = {
    url: origin + request.path,
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body,
    connections: plan.connections,
    timeout: 10,
  };
  if (plan.warmupS > 0) await autocannon({ ...options, duration: plan.warmupS });
  const cpuBefore = cpuMs();
  const result = await autocannon({ ...options, duration: plan.durationS });
  const cpuAfter = cpuMs();
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = Number(count);
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    statuses,
    cpuUsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? null
        : Math.round((((cpuAfter - cpuBefore) * 1000) / result.requests.total) * 10) / 10,
  };
}
