import type { InProcessFigures } from './run-msw-in-process';
import type { LoadResult } from './http-load';
import type { TargetName } from './scenarios';
import type { OneStreamResult } from './stream-bench';
import type { PacedStreamsFigures } from './run-paced-streams';

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
  /** One unpaced long stream on the load-tested mock: events per second, server CPU per event. */
  readonly single: OneStreamResult;
  /** Many paced streams at once on a fresh mock, and the bare SSE floor in the same run. */
  readonly paced: PacedStreamsFigures;
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
  /** Requests per second through msw's setupServer: the mock's handlers vs a hand-written one. */
  readonly inProcess?: readonly InProcessFigures[] | null;
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

/** The figures the bench holds the mock to (docs/performance.md), each with the number that decides it. */
export const TARGETS = {
  getOverPrism: 10,
  getOverBare: 0.8,
  postOverBare: 0.5,
  p99AtTenMs: 5,
  startupOverBare: 1.5,
  httpRssMb: 112,
  pacedStreams: 10_000,
  pacedRssMb: 400,
  latenessP99Ms: 50,
} as const;

/** Every target with its measured figure; a figure that could not be measured is a miss. */
export function checkTargets(
  report: Omit<BenchReport, 'targets'>,
  getScenario: string,
  postScenario = 'POST /responses (JSON)',
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const atLeast = (target: string, value: number | null, floor: number, unit = 'x'): void => {
    checks.push({
      target,
      measured: value === null ? 'n/a' : `${value}${unit}`,
      met: value !== null && value >= floor,
    });
  };
  const below = (target: string, value: number | null, ceiling: number, unit: string, inclusive = false): void => {
    checks.push({
      target,
      measured: value === null ? 'n/a' : `${value}${unit}`,
      met: value !== null && (inclusive ? value <= ceiling : value < ceiling),
    });
  };
  for (const row of report.ratios.filter((r) => r.scenario === getScenario)) {
    atLeast(
      `GET req/s >= ${TARGETS.getOverPrism}x Prism at ${row.connections} connections`,
      row.oursOverPrism,
      TARGETS.getOverPrism,
    );
    atLeast(
      `GET req/s >= ${TARGETS.getOverBare}x bare node at ${row.connections} connections`,
      row.oursOverBare,
      TARGETS.getOverBare,
    );
  }
  for (const row of report.ratios.filter((r) => r.scenario === postScenario)) {
    atLeast(
      `POST /responses req/s >= ${TARGETS.postOverBare}x bare node at ${row.connections} connections`,
      row.oursOverBare,
      TARGETS.postOverBare,
    );
  }
  for (const row of report.load.filter((r) => r.target === 'ours' && r.connections === 10)) {
    below(
      `p99 < ${TARGETS.p99AtTenMs} ms at 10 connections, ${row.scenario}`,
      row.median.p99Ms,
      TARGETS.p99AtTenMs,
      ' ms',
    );
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
    const bare = report.servers.find((s) => s.name === 'bare');
    // Against bare node started in turns with it: the machine's load moves both alike.
    const overBare = bare && bare.startupMs > 0 ? Math.round((ours.startupMs / bare.startupMs) * 100) / 100 : null;
    checks.push({
      target: `start-up <= ${TARGETS.startupOverBare}x bare node (spawn to first 2xx, built bin)`,
      measured: `${overBare ?? 'n/a'}x: ${ours.startupMs} ms${bare ? `, bare node ${bare.startupMs} ms` : ''}`,
      met: overBare !== null && overBare <= TARGETS.startupOverBare,
    });
    below(`peak RSS <= ${TARGETS.httpRssMb} MB under HTTP load`, ours.peakRssMb, TARGETS.httpRssMb, ' MB', true);
  }
  if (report.streaming) {
    const { single, paced } = report.streaming;
    checks.push({
      target: 'one stream: events/s and server CPU per event reported',
      measured: `${single.eventsPerSecond} events/s, ${single.cpuUsPerEvent ?? 'n/a'} µs CPU/event`,
      met: single.cpuUsPerEvent !== null,
    });
    const run = paced.ours;
    checks.push({
      target: `${TARGETS.pacedStreams} paced streams held to [DONE], none lost`,
      measured: `${run.completed} of ${paced.streams} completed, ${run.lost} lost, peak ${run.peakOpen} open${paced.streams < paced.requested ? ` (${paced.requested} asked: see the open-files note)` : ''}`,
      met: run.lost === 0 && paced.streams >= TARGETS.pacedStreams,
    });
    below(`peak RSS < ${TARGETS.pacedRssMb} MB with the paced streams`, run.serverPeakRssMb, TARGETS.pacedRssMb, ' MB');
    checks.push({
      target: `lateness p99 < ${TARGETS.latenessP99Ms} ms against the pacing schedule (goal)`,
      measured: `p50 ${run.latenessMs.p50}, p99 ${run.latenessMs.p99}, max ${run.latenessMs.max} ms${paced.bare ? ` (bare SSE p99 ${paced.bare.latenessMs.p99} ms)` : ''}`,
      met: run.latenessMs.p99 < TARGETS.latenessP99Ms,
    });
  }
  return checks;
}

/** The round whose req/s is the median (rounds are few; ties take the lower). */
export function medianRound(rounds: readonly LoadResult[]): LoadResult {
  const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error('no rounds measured');
  return middle;
}
