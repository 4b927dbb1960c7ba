import type { LoadResult } from './http-load';
import type { TargetName } from './scenarios';
import type { ManyStreamsResult, OneStreamResult } from './stream-bench';

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
  readonly scenario: string;
  readonly connections: number;
  readonly target: TargetName;
  /** The round with the median req/s. */
  readonly median: LoadResult;
  readonly roundsRps: readonly number[];
  /** Median over the rounds of the server's CPU time per request, µs (null without /proc). */
  readonly cpuUsPerRequest: number | null;
}

export interface RatioFigures {
  readonly scenario: string;
  readonly connections: number;
  readonly oursOverPrism: number | null;
  readonly oursOverBare: number | null;
  /** CPU per request of Prism and of bare divided by ours: how much less work ours needs per answer. */
  readonly prismCpuOverOurs: number | null;
  readonly bareCpuOverOurs: number | null;
}

export interface StreamingFigures {
  readonly single: OneStreamResult;
  readonly concurrent: ManyStreamsResult;
  readonly pacing: string;
  readonly peakRssMb: number | null;
}

export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  readonly met: boolean;
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
  /** What Prism answered, and anything that could not be measured. */
  readonly notes: readonly string[];
  readonly targets: readonly TargetCheck[];
}

/** Ratios are taken within one run only: the machine is shared, absolute numbers drift. */
export function ratios(load: readonly LoadFigures[]): RatioFigures[] {
  const keys = [...new Set(load.map((row) => `${row.scenario}\u0000${row.connections}`))];
  return keys.map((key) => {
    const [scenario = '', connections = '0'] = key.split('\u0000');
    const row = (target: TargetName): LoadFigures | undefined =>
      load.find((r) => r.scenario === scenario && r.connections === Number(connections) && r.target === target);
    const divide = (a: number | null | undefined, b: number | null | undefined): number | null =>
      a === undefined || a === null || b === undefined || b === null || b === 0
        ? null
        : Math.round((a / b) * 100) / 100;
    const ours = row('ours');
    return {
      scenario,
      connections: Number(connections),
      oursOverPrism: divide(ours?.median.rps, row('prism')?.median.rps),
      oursOverBare: divide(ours?.median.rps, row('bare')?.median.rps),
      prismCpuOverOurs: divide(row('prism')?.cpuUsPerRequest, ours?.cpuUsPerRequest),
      bareCpuOverOurs: divide(row('bare')?.cpuUsPerRequest, ours?.cpuUsPerRequest),
    };
  });
}

/** The targets of the benchmark issue, each with the figure that decides it. */
export function checkTargets(report: Omit<BenchReport, 'targets'>, getScenario: string): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const row of report.ratios.filter((r) => r.scenario === getScenario)) {
    checks.push({
      target: `GET req/s >= 10x Prism at ${row.connections} connections`,
      measured: row.oursOverPrism === null ? 'n/a' : `${row.oursOverPrism}x`,
      met: row.oursOverPrism !== null && row.oursOverPrism >= 10,
    });
    checks.push({
      target: `GET req/s >= 0.5x bare node at ${row.connections} connections`,
      measured: row.oursOverBare === null ? 'n/a' : `${row.oursOverBare}x`,
      met: row.oursOverBare !== null && row.oursOverBare >= 0.5,
    });
  }
  for (const row of report.load.filter((r) => r.target === 'ours' && r.connections === 10)) {
    checks.push({
      target: `p99 < 5 ms at 10 connections, ${row.scenario}`,
      measured: `${row.median.p99Ms} ms`,
      met: row.median.p99Ms < 5,
    });
  }
  for (const row of report.load.filter((r) => r.target === 'ours')) {
    const bad = row.median.errors + row.median.non2xx;
    if (bad > 0)
      checks.push({
        target: `no errors, ${row.scenario} at ${row.connections}`,
        measured: `${bad} errors/non-2xx`,
        met: false,
      });
  }
  const ours = report.servers.find((s) => s.name === 'ours');
  if (ours) {
    checks.push({
      target: 'start-up < 500 ms (spawn to first 2xx)',
      measured: `${ours.startupMs} ms`,
      met: ours.startupMs < 500,
    });
    checks.push({
      target: 'peak RSS < 150 MB under HTTP load',
      measured: mb(ours.peakRssMb),
      met: ours.peakRssMb !== null && ours.peakRssMb < 150,
    });
  }
  if (report.streaming) {
    const { concurrent, peakRssMb } = report.streaming;
    checks.push({
      target: `${concurrent.streams} concurrent streams, none lost`,
      measured: `${concurrent.completed} completed, ${concurrent.lost} lost`,
      met: concurrent.lost === 0,
    });
    checks.push({
      target: 'peak RSS < 150 MB under streaming load',
      measured: mb(peakRssMb),
      met: peakRssMb !== null && peakRssMb < 150,
    });
  }
  return checks;
}

function mb(value: number | null): string {
  return value === null ? 'n/a' : `${value} MB`;
}

/** The round whose req/s is the median (rounds are few; ties take the lower). */
export function medianRound(rounds: readonly LoadResult[]): LoadResult {
  const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error('no rounds measured');
  return middle;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}
