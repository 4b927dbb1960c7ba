/**
 * The proxy's targets (docs/performance.md, "The proxy"): each a ratio to the bare node:http
 * relay measured in the same run, but for the long run, whose limits are absolute. A figure that
 * could not be measured is a miss.
 */
import type { TargetCheck } from './bench-report';
import type { ProxyFigures, ProxyStreams } from './proxy-figures';
import { lostStreams } from './proxy-figures';
import type { PacedRun } from './run-paced-streams';

export const PROXY_TARGETS = {
  rpsOverRelay: 0.8,
  p99OverRelay: 1.5,
  streamCpuOverRelay: 1.5,
  streamLatenessOverRelay: 2,
  longRunExchanges: 100_000,
  reportSeconds: 5,
  longRunRssMb: 300,
} as const;

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** a / b, rounded; null when either is missing or b is 0 (a p99 of 0 ms is read as 1 ms: autocannon's resolution). */
export function ratioOf(a: number | null | undefined, b: number | null | undefined, floor = 0): number | null {
  if (a === null || a === undefined || b === null || b === undefined) return null;
  const under = Math.max(b, floor);
  return under === 0 ? null : round2(Math.max(a, floor) / under);
}

interface Versus {
  readonly ratio: number | null;
  /** `1.4× (87 vs 62 µs)`: the proxy's figure against the relay's. */
  readonly text: string;
}

/** One figure of the relayed streams, the proxy's against the relay's, for the measured runs and the fresh ones. */
function versus(
  streams: ProxyStreams | null,
  figure: (run: PacedRun) => number | null,
  unit: string,
  floor = 0,
): { measured: Versus; fresh: Versus } {
  const pair = (relay: PacedRun | undefined, proxy: PacedRun | undefined): Versus => {
    const [of, against] = [proxy && figure(proxy), relay && figure(relay)];
    const ratio = ratioOf(of, against, floor);
    return { ratio, text: `${ratio ?? 'n/a'}× (${of ?? 'n/a'} vs ${against ?? 'n/a'} ${unit})` };
  };
  return { measured: pair(streams?.relay, streams?.proxy), fresh: pair(streams?.fresh.relay, streams?.fresh.proxy) };
}

export function checkProxyTargets(proxy: ProxyFigures | null | undefined): TargetCheck[] {
  if (!proxy) return [];
  const checks: TargetCheck[] = [];
  const T = PROXY_TARGETS;
  for (const row of proxy.load) {
    const rps = ratioOf(row.proxy.rps, row.relay.rps);
    checks.push({
      target: `proxy ${row.workload}: req/s ≥ ${T.rpsOverRelay}× the bare relay at ${row.connections} connections`,
      measured: `${rps ?? 'n/a'}× (${row.proxy.rps} vs ${row.relay.rps} req/s)`,
      met: rps !== null && rps >= T.rpsOverRelay,
    });
    const p99 = ratioOf(row.proxy.p99Ms, row.relay.p99Ms, 1);
    checks.push({
      target: `proxy ${row.workload}: p99 ≤ ${T.p99OverRelay}× the bare relay's at ${row.connections} connections`,
      measured: `${p99 ?? 'n/a'}× (${row.proxy.p99Ms} vs ${row.relay.p99Ms} ms)`,
      met: p99 !== null && p99 <= T.p99OverRelay,
    });
    const bad = row.proxy.errors + row.proxy.non2xx;
    if (bad > 0)
      checks.push({ target: `proxy ${row.workload}: no errors`, measured: `${bad} errors/non-2xx`, met: false });
  }
  if (proxy.load.length === 0)
    checks.push({ target: 'proxy req/s and p99 against the bare relay', measured: 'not measured', met: false });
  const streams = proxy.streams;
  const n = streams?.proxy.streams ?? 1000;
  const relayed = `${n} paced streams relayed (each process's second ${n})`;
  const fresh = `fresh processes' first ${n}`;
  const cpu = versus(streams, (r) => r.serverCpuUsPerEvent, 'µs');
  checks.push({
    target: `proxy, ${relayed}: CPU per event ≤ ${T.streamCpuOverRelay}× the bare relay`,
    measured: streams ? `${cpu.measured.text}; ${fresh}: ${cpu.fresh.text}` : 'not measured',
    met: cpu.measured.ratio !== null && cpu.measured.ratio <= T.streamCpuOverRelay,
  });
  const late = versus(streams, (r) => r.latenessMs.p99, 'ms', 1);
  const lost = streams ? lostStreams(streams) : 0;
  checks.push({
    target: `proxy, ${relayed}: lateness p99 ≤ ${T.streamLatenessOverRelay}× the bare relay's, none lost in either run`,
    measured: streams ? `${late.measured.text}, ${lost} lost; ${fresh}: ${late.fresh.text}` : 'not measured',
    met:
      late.measured.ratio !== null &&
      late.measured.ratio <= T.streamLatenessOverRelay &&
      streams !== null &&
      lost === 0,
  });
  const long = proxy.longRun;
  const full = long !== null && long.exchanges >= T.longRunExchanges;
  const at = long && !full ? `measured after ${long.exchanges} exchanges, not ${T.longRunExchanges}: ` : '';
  checks.push({
    target: `proxy, reports after ${T.longRunExchanges.toLocaleString('en-US')} exchanges written within ${T.reportSeconds} s of SIGTERM`,
    measured: long
      ? `${at}${(long.reportMs / 1000).toFixed(2)} s${long.written ? '' : ', NOT written'}, ${long.reportedRequests ?? '?'} requests reported`
      : 'not measured',
    met: long === null ? false : !long.written || long.reportMs > T.reportSeconds * 1000 ? false : full ? true : null,
  });
  checks.push({
    target: `proxy, ${T.longRunExchanges.toLocaleString('en-US')} exchanges: peak RSS ≤ ${T.longRunRssMb} MB`,
    measured: long ? `${at}${long.peakRssMb ?? 'n/a'} MB` : 'not measured',
    met:
      long === null || long.peakRssMb === null ? false : long.peakRssMb > T.longRunRssMb ? false : full ? true : null,
  });
  return checks;
}
