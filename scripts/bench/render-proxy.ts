import { ratioOf } from './check-proxy-targets';
import type { ProxyFigures } from './proxy-figures';
import type { PacedRun } from './run-paced-streams';
import { table } from './text-table';

/** The proxy's rows: each case through the bare relay and through the proxy, and the ratios. */
export function renderProxy(proxy: ProxyFigures): string {
  const out: string[] = ['Proxy (model-gateway-mock --proxy) against a bare node:http relay, same upstream, in turns'];
  out.push(
    table(
      [
        'case',
        'conns',
        'relay req/s',
        'proxy req/s',
        'ratio',
        'relay p99 ms',
        'proxy p99 ms',
        'ratio',
        'CPU µs/req relay/proxy',
        'rounds req/s relay | proxy',
      ],
      proxy.load.map((row) => [
        row.workload,
        String(row.connections),
        String(row.relay.rps),
        String(row.proxy.rps),
        `${ratioOf(row.proxy.rps, row.relay.rps) ?? 'n/a'}x`,
        String(row.relay.p99Ms),
        String(row.proxy.p99Ms),
        `${ratioOf(row.proxy.p99Ms, row.relay.p99Ms, 1) ?? 'n/a'}x`,
        `${row.relayCpuUs ?? 'n/a'} / ${row.proxyCpuUs ?? 'n/a'}`,
        `${row.relayRoundsRps.join(' ')} | ${row.proxyRoundsRps.join(' ')}`,
      ]),
    ),
  );
  const streams = proxy.streams;
  if (streams) {
    const n = streams.proxy.streams;
    const runs: [string, PacedRun][] = [
      [`relay, first ${n} (fresh)`, streams.fresh.relay],
      [`relay, next ${n} (measured)`, streams.relay],
      [`proxy, first ${n} (fresh)`, streams.fresh.proxy],
      [`proxy, next ${n} (measured)`, streams.proxy],
    ];
    out.push(
      '',
      table(
        ['relayed paced streams', 'completed', 'lost', 'lateness p50/p99/max ms', 'CPU ms', 'µs/event', 'peak RSS MB'],
        runs.map(([label, r]) => [
          label,
          String(r.completed),
          String(r.lost),
          `${r.latenessMs.p50}/${r.latenessMs.p99}/${r.latenessMs.max}`,
          String(r.serverCpuMs ?? 'n/a'),
          String(r.serverCpuUsPerEvent ?? 'n/a'),
          String(r.serverPeakRssMb ?? 'n/a'),
        ]),
      ),
    );
  }
  const long = proxy.longRun;
  if (long)
    out.push(
      '',
      `Long run: ${long.exchanges} exchanges (GET and POST in turn, 10 connections) in ${(long.sendMs / 1000).toFixed(1)} s (${long.rps} req/s, ${long.errors} errors); ` +
        `reports ${long.written ? 'written' : 'NOT written'} ${(long.reportMs / 1000).toFixed(2)} s after SIGTERM, ${long.reportedRequests ?? '?'} requests in conformance.json; peak RSS ${long.peakRssMb ?? 'n/a'} MB`,
    );
  out.push(`  relay: ${proxy.commands.relay}`, `  proxy: ${proxy.commands.proxy}`);
  for (const error of proxy.errors) out.push(`  not measured: ${error}`);
  return out.join('\n');
}
