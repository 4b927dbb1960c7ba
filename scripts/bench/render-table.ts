import type { BenchReport } from './bench-report';
import type { KneePoint } from './knee';
import type { KneeFigures } from './run-paced-ladder';
import { renderProxy } from './render-proxy';
import { table } from './text-table';

/** The report as plain-text tables for the terminal (and for pasting into docs). */
export function renderReport(report: BenchReport): string {
  const out: string[] = [];
  out.push(
    `Benchmark ${report.generatedAt}  node ${report.machine.node}, ${report.machine.cpus} CPUs, load average ${report.machine.loadAtStart} at start, ${report.machine.loadAtEnd} at end`,
  );
  // `--proxy-only` measures none of the mock's own rows.
  if (report.load.length > 0 || report.servers.length > 0) out.push(...mockTables(report));
  for (const s of report.servers) out.push(`  ${s.name}: ${s.command}`);
  if (report.streaming) {
    const { single, paced } = report.streaming;
    out.push('');
    out.push(
      `Streaming, one unpaced stream: first event ${single.timeToFirstEventMs} ms (best of tries), ${single.events} events, ${single.eventsPerSecond} events/s (median of tries), ${single.cpuUsPerEvent ?? 'n/a'} µs server CPU per event`,
    );
    out.push(
      `Paced streams: ${paced.streams} at once, ${paced.tokens} tokens at ${paced.tokensPerSecond}/s each, opened ${paced.rampPerSecond}/s; client in its own process`,
    );
    const runs = [paced.ours, ...(paced.bare ? [paced.bare] : [])];
    out.push(
      table(
        [
          'server',
          'completed',
          'lost',
          'peak open',
          'lateness p50/p99/max ms',
          'after ramp p99',
          'first delta p50/p99 ms',
          'CPU ms',
          'µs/event',
          'peak RSS MB',
          'client lag p99',
        ],
        runs.map((r) => [
          r.server,
          String(r.completed),
          String(r.lost),
          String(r.peakOpen),
          `${r.latenessMs.p50}/${r.latenessMs.p99}/${r.latenessMs.max}`,
          String(r.latenessAfterRampMs.p99),
          `${r.firstDeltaMs.p50}/${r.firstDeltaMs.p99}`,
          String(r.serverCpuMs ?? 'n/a'),
          String(r.serverCpuUsPerEvent ?? 'n/a'),
          String(r.serverPeakRssMb ?? 'n/a'),
          String(r.clientLoopLagMs.p99),
        ]),
      ),
    );
    const lost = Object.entries(paced.ours.failures).map(([why, n]) => `${n} × ${why}`);
    if (lost.length > 0) out.push(`  lost: ${lost.join(', ')}`);
    if (report.streaming.knee) out.push('', renderKnee(report.streaming.knee));
  }
  if (report.proxy) out.push('', renderProxy(report.proxy));
  for (const note of report.notes) out.push(`Note: ${note}`);
  out.push('');
  out.push(
    table(
      ['target', 'measured', 'met'],
      report.targets.map((t) => [t.target, t.measured, t.met === null ? 'not decided' : t.met ? 'yes' : 'NO']),
      2,
    ),
  );
  return out.join('\n');
}

/** The mock against Prism and bare node: req/s, ratios, start-up. */
function mockTables(report: BenchReport): string[] {
  const out: string[] = [];
  out.push('');
  out.push(
    table(
      ['case', 'conns', 'server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'CPU µs/req', 'rounds req/s'],
      report.load.map((row) => [
        row.workload,
        String(row.connections),
        row.target,
        String(row.median.rps),
        String(row.median.p50Ms),
        String(row.median.p99Ms),
        String(row.median.errors),
        String(row.median.non2xx),
        String(row.cpuUsPerRequest ?? 'n/a'),
        row.roundsRps.join(' '),
      ]),
    ),
  );
  out.push('');
  out.push(
    table(
      ['case', 'conns', 'req/s ours/Prism', 'req/s ours/bare', 'CPU/req Prism/ours', 'CPU/req bare/ours'],
      report.ratios.map((row) => [
        row.workload,
        String(row.connections),
        ratio(row.oursOverPrism),
        ratio(row.oursOverBare),
        ratio(row.prismCpuOverOurs),
        ratio(row.bareCpuOverOurs),
      ]),
    ),
  );
  out.push('');
  out.push(
    table(
      ['server', 'start-up ms (median)', 'runs ms', 'peak RSS MB'],
      report.servers.map((s) => [
        s.name,
        String(s.startupMs),
        s.startupRunsMs.join(' '),
        s.peakRssMb === null ? 'n/a' : String(s.peakRssMb),
      ]),
    ),
  );
  return out;
}

/** The knee ladder: lateness p99 of each server at each step, then where each crossed. */
export function renderKnee(knee: KneeFigures): string {
  const cell = (points: readonly KneePoint[], streams: number): string => {
    const p = points.find((q) => q.streams === streams);
    return p === undefined ? '-' : `${p.p99Ms}${p.lost > 0 ? ` (${p.lost} lost)` : ''}`;
  };
  return [
    `Knee: lateness p99 as paced streams grow, until it reaches ${knee.thresholdMs} ms (fresh servers at each step, mock and bare SSE in turns; '-': not run, the server had crossed below)`,
    table(
      ['streams', 'ours p99 ms', 'bare SSE p99 ms'],
      knee.ladder.map((n) => [String(n), cell(knee.ours, n), cell(knee.bare, n)]),
    ),
    `  ours: ${knee.oursCrossing.text}`,
    `  bare SSE: ${knee.bareCrossing.text}`,
    `  knee ours / bare: ${knee.ratio.text}`,
  ].join('\n');
}

function ratio(value: number | null): string {
  return value === null ? 'n/a' : `${value}x`;
}
