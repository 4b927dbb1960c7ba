/**
 * The targets table of `npm run bench`: the goals of the open issues (and the older documented
 * ones they do not replace), each decided by figures of one and the same run (docs/performance.md,
 * "Targets"). A figure that could not be measured is a miss; a target this run cannot decide (set
 * at 10,000 paced streams in a run of fewer, or a knee beyond the ladder) is marked null.
 */
import type { BenchReport, TargetCheck } from './bench-report';
import { checkProxyTargets } from './check-proxy-targets';
import { KNEE_RATIO_GOAL, KNEE_THRESHOLD_MS, crossingShort } from './knee';

export const TARGETS = {
  getOverPrism: 10,
  /** At 10 connections, the goal of the msw issue; at other counts the older documented 0.8×. */
  getOverBareAt10: 0.85,
  getOverBare: 0.8,
  /** At 10 connections, the goal of the proxy issue ("POST /responses closer to bare"); at 100 the older 0.5×. */
  postOverBareAt10: 0.8,
  postOverBare: 0.5,
  p99AtTenMs: 5,
  startupOverBare: 1.5,
  httpRssMb: 112,
  mswOverHandWritten: 0.5,
  pacedStreams: 10_000,
  pacedCpuOverBare: 1.3,
  pacedLatenessOverBare: 3,
  latenessP99Ms: KNEE_THRESHOLD_MS,
  pacedRssMb: 300,
  kneeOverBare: KNEE_RATIO_GOAL,
} as const;

type Report = Omit<BenchReport, 'targets'>;
const round2 = (n: number): number => Math.round(n * 100) / 100;
const divide = (a: number | null | undefined, b: number | null | undefined): number | null =>
  a === null || a === undefined || b === null || b === undefined || b === 0 ? null : round2(a / b);
const shown = (value: number | null, unit: string): string => (value === null ? 'n/a' : `${value}${unit}`);

/** Every target with its measured figure. */
export function checkTargets(
  report: Report,
  getWorkload: string,
  postWorkload = 'POST /responses (JSON)',
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const atLeast = (target: string, value: number | null, floor: number, unit = '×'): void => {
    checks.push({ target, measured: shown(value, unit), met: value !== null && value >= floor });
  };
  const atMost = (target: string, value: number | null, ceiling: number, unit: string, note = ''): void => {
    checks.push({ target, measured: shown(value, unit) + note, met: value !== null && value <= ceiling });
  };
  for (const row of report.ratios.filter((r) => r.workload === getWorkload)) {
    const floor = row.connections === 10 ? TARGETS.getOverBareAt10 : TARGETS.getOverBare;
    atLeast(
      `GET req/s ≥ ${TARGETS.getOverPrism}× Prism at ${row.connections} connections`,
      row.oursOverPrism,
      TARGETS.getOverPrism,
    );
    atLeast(`GET req/s ≥ ${floor}× bare node at ${row.connections} connections`, row.oursOverBare, floor);
  }
  for (const row of report.ratios.filter((r) => r.workload === postWorkload)) {
    const floor = row.connections === 10 ? TARGETS.postOverBareAt10 : TARGETS.postOverBare;
    atLeast(`POST /responses req/s ≥ ${floor}× bare node at ${row.connections} connections`, row.oursOverBare, floor);
  }
  for (const row of report.load.filter((r) => r.target === 'ours' && r.connections === 10)) {
    const p99 = row.median.p99Ms;
    checks.push({
      target: `p99 < ${TARGETS.p99AtTenMs} ms at 10 connections, ${row.workload}`,
      measured: `${p99} ms`,
      met: p99 < TARGETS.p99AtTenMs,
    });
  }
  for (const row of report.load.filter((r) => r.target === 'ours')) {
    const bad = row.median.errors + row.median.non2xx;
    if (bad > 0)
      checks.push({
        target: `no errors, ${row.workload} at ${row.connections}`,
        measured: `${bad} errors/non-2xx`,
        met: false,
      });
  }
  const ours = report.servers.find((s) => s.name === 'ours');
  if (ours) {
    const bare = report.servers.find((s) => s.name === 'bare');
    const startup = divide(ours.startupMs, bare?.startupMs);
    atMost(
      `start-up ≤ ${TARGETS.startupOverBare}× bare node (spawn to first 2xx, built bin)`,
      startup,
      TARGETS.startupOverBare,
      '×',
      ` (${ours.startupMs} ms, bare node ${bare?.startupMs ?? 'n/a'} ms)`,
    );
    atMost(`peak RSS ≤ ${TARGETS.httpRssMb} MB under HTTP load`, ours.peakRssMb, TARGETS.httpRssMb, ' MB');
  }
  for (const f of report.inProcess ?? []) {
    atLeast(
      `msw in-process ≥ ${TARGETS.mswOverHandWritten}× a hand-written msw handler, ${f.label}`,
      f.ratio,
      TARGETS.mswOverHandWritten,
    );
  }
  if (report.streaming) checkStreaming(report.streaming, checks);
  checks.push(...checkProxyTargets(report.proxy));
  return checks;
}

function checkStreaming(streaming: NonNullable<Report['streaming']>, checks: TargetCheck[]): void {
  const { single, paced, knee } = streaming;
  checks.push({
    target: 'one stream: events/s and server CPU per event reported',
    measured: `${single.eventsPerSecond} events/s, ${single.cpuUsPerEvent ?? 'n/a'} µs CPU/event`,
    met: single.cpuUsPerEvent !== null,
  });
  const run = paced.ours;
  const bare = paced.bare;
  const full = paced.streams >= TARGETS.pacedStreams;
  // Fewer streams than the target's: a miss of a limit that only grows with streams (lost, RSS,
  // lateness) is a miss; anything else is not decided. Ratios to bare are never decided.
  const decide = (ok: boolean, grows: boolean): boolean | null => (full ? ok : grows && !ok ? false : null);
  const n = TARGETS.pacedStreams.toLocaleString('en-US');
  const at = full ? '' : `measured at ${paced.streams.toLocaleString('en-US')} streams, not ${n}: `;
  checks.push({
    target: `${n} paced streams held to [DONE], none lost`,
    measured: `${at}${run.completed} of ${paced.streams} completed, ${run.lost} lost, peak ${run.peakOpen} open`,
    met: decide(run.lost === 0, true),
  });
  const cpu = divide(run.serverCpuUsPerEvent, bare?.serverCpuUsPerEvent);
  checks.push({
    target: `${n} paced streams: server CPU per event ≤ ${TARGETS.pacedCpuOverBare}× the bare SSE server`,
    measured: `${at}${shown(cpu, '×')} (${run.serverCpuUsPerEvent ?? 'n/a'} µs vs ${bare?.serverCpuUsPerEvent ?? 'n/a'} µs)`,
    met: full ? cpu !== null && cpu <= TARGETS.pacedCpuOverBare : null,
  });
  const late = divide(run.latenessMs.p99, bare?.latenessMs.p99);
  const p99s = `p99 ${run.latenessMs.p99} ms, bare SSE ${bare?.latenessMs.p99 ?? 'n/a'} ms`;
  checks.push({
    target: `${n} paced streams: lateness p99 ≤ ${TARGETS.pacedLatenessOverBare}× the bare SSE server`,
    measured: `${at}${shown(late, '×')} (${p99s})`,
    met: full ? late !== null && late <= TARGETS.pacedLatenessOverBare : null,
  });
  checks.push({
    target: `${n} paced streams: lateness p99 < ${TARGETS.latenessP99Ms} ms against the pacing schedule`,
    measured: `${at}p50 ${run.latenessMs.p50}, p99 ${run.latenessMs.p99}, max ${run.latenessMs.max} ms`,
    met: decide(run.latenessMs.p99 < TARGETS.latenessP99Ms, true),
  });
  const rss = run.serverPeakRssMb;
  checks.push({
    target: `${n} paced streams: peak RSS ≤ ${TARGETS.pacedRssMb} MB`,
    measured: `${at}${shown(rss, ' MB')}`,
    met: decide(rss !== null && rss <= TARGETS.pacedRssMb, rss !== null),
  });
  checks.push(
    knee
      ? {
          target: `knee (streams where lateness p99 reaches ${TARGETS.latenessP99Ms} ms) ≥ ${TARGETS.kneeOverBare}× the bare SSE server's`,
          measured: `ours ${crossingShort(knee.oursCrossing)}, bare ${crossingShort(knee.bareCrossing)}: ${knee.ratio.text}`,
          met: knee.ratio.met,
        }
      : { target: `knee ≥ ${TARGETS.kneeOverBare}× the bare SSE server's`, measured: 'not run (--no-knee)', met: null },
  );
}
