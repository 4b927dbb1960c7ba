import type { VerifyFigures } from './run-verify-bench';
import type { InProcessFigures } from './run-msw-in-process';
import type { LoadResult } from './http-load';
import type { TargetName } from './workloads';
import type { OneStreamResult } from './stream-bench';
import type { PacedStreamsFigures } from './run-paced-streams';
import type { KneeFigures } from './run-paced-ladder';
import type { ProxyFigures } from './proxy-figures';

export interface ServerFigures {
  readonly name: string;
  readonly command: string;
  /** Median of `startupRunsMs`: spawn → first 2xx answer to the probe request. */
  readonly startupMs: number;
  readonly startupRunsMs: readonly number[];
  /** VmHWM after its load runs; null where /proc is not available. */
  readonly peakRssMb: number | null;
}

export interface LoadFigures {
  readonly workload: string;
  readonly connections: number;
  readonly target: TargetName;
  /** The round with the median req/s. */
  readonly median: LoadResult;
  readonly roundsRps: readonly number[];
  /** Median over the rounds of the server's CPU time per request, µs (null without /proc). */
  readonly cpuUsPerRequest: number | null;
}

export interface RatioFigures {
  readonly workload: string;
  readonly connections: number;
  readonly oursOverPrism: number | null;
  readonly oursOverBare: number | null;
  /** CPU per request of Prism and of bare divided by ours: how much less work ours needs per answer. */
  readonly prismCpuOverOurs: number | null;
  readonly bareCpuOverOurs: number | null;
}

export interface StreamingFigures {
  /** One unpaced long stream on the load-tested mock: events per second, server CPU per event. */
  readonly single: OneStreamResult;
  /** Many paced streams at once on a fresh mock, and the bare SSE floor in the same run. */
  readonly paced: PacedStreamsFigures;
  /** The ladder of paced streams and where lateness p99 reached 50 ms; null with --no-knee. */
  readonly knee?: KneeFigures | null;
}

export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  /** null: this run cannot decide it (a quick run's streams are not 10,000; a knee beyond the ladder). */
  readonly met: boolean | null;
}

export interface BenchReport {
  readonly generatedAt: string;
  readonly command: string;
  /** 1-minute load average when the run began and when it ended: a busy machine lowers every figure. */
  readonly machine: {
    readonly node: string;
    readonly cpus: number;
    readonly loadAtStart: number;
    readonly loadAtEnd: number;
  };
  readonly plan: Readonly<Record<string, unknown>>;
  readonly servers: readonly ServerFigures[];
  readonly load: readonly LoadFigures[];
  readonly ratios: readonly RatioFigures[];
  readonly streaming: StreamingFigures | null;
  /** Requests per second through msw's setupServer: the mock's handlers vs a hand-written one. */
  readonly inProcess?: readonly InProcessFigures[] | null;
  /** The proxy against a bare node:http relay in front of the same upstream (run-proxy-bench.ts). */
  readonly proxy?: ProxyFigures | null;
  /** `verify` on a large NDJSON traffic file against Redocly CLI's drift on the same exchanges. */
  readonly verify?: VerifyFigures | null;
  /** What Prism answered, and anything that could not be measured. */
  readonly notes: readonly string[];
  readonly targets: readonly TargetCheck[];
}

/** Ratios are taken within one run only: the machine is shared, absolute numbers drift. */
export function ratios(load: readonly LoadFigures[]): RatioFigures[] {
  const keys = [...new Set(load.map((row) => `${row.workload}\u0000${row.connections}`))];
  return keys.map((key) => {
    const [workload = '', connections = '0'] = key.split('\u0000');
    const row = (target: TargetName): LoadFigures | undefined =>
      load.find((r) => r.workload === workload && r.connections === Number(connections) && r.target === target);
    const divide = (a: number | null | undefined, b: number | null | undefined): number | null =>
      a === undefined || a === null || b === undefined || b === null || b === 0
        ? null
        : Math.round((a / b) * 100) / 100;
    const ours = row('ours');
    return {
      workload,
      connections: Number(connections),
      oursOverPrism: divide(ours?.median.rps, row('prism')?.median.rps),
      oursOverBare: divide(ours?.median.rps, row('bare')?.median.rps),
      prismCpuOverOurs: divide(row('prism')?.cpuUsPerRequest, ours?.cpuUsPerRequest),
      bareCpuOverOurs: divide(row('bare')?.cpuUsPerRequest, ours?.cpuUsPerRequest),
    };
  });
}

/** The round whose req/s is the median (rounds are few; ties take the lower). */
export function medianRound(rounds: readonly LoadResult[]): LoadResult {
  const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error('no rounds measured');
  return middle;
}
