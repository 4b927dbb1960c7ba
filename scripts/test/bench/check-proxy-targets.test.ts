import { parseBenchArgs } from '../../bench/bench-args';
import { checkProxyTargets, ratioOf } from '../../bench/check-proxy-targets';
import type { LoadResult } from '../../bench/http-load';
import type { PacedRun } from '../../bench/run-paced-streams';
import type { ProxyFigures } from '../../bench/proxy-figures';

const load = (rps: number, p99Ms: number): LoadResult => ({
  rps,
  p50Ms: 1,
  p99Ms,
  requests: rps,
  errors: 0,
  non2xx: 0,
  statuses: { '200': rps },
  cpuUsPerRequest: 100,
});

const paced = (server: string, cpu: number, p99: number): PacedRun =>
  ({
    server,
    streams: 1000,
    completed: 1000,
    lost: 0,
    serverCpuUsPerEvent: cpu,
    latenessMs: { p50: 1, p99, max: p99 },
  }) as PacedRun;

function figures(longRun: ProxyFigures['longRun']): ProxyFigures {
  return {
    commands: { relay: 'relay', proxy: 'proxy' },
    load: [
      {
        workload: 'GET /model/openai/gpt-4o',
        connections: 10,
        relay: load(1000, 4),
        proxy: load(900, 5),
        relayRoundsRps: [1000],
        proxyRoundsRps: [900],
        relayCpuUs: 100,
        proxyCpuUs: 110,
      },
    ],
    streams: {
      relay: paced('relay', 70, 10),
      proxy: paced('proxy', 100, 30),
      fresh: { relay: paced('relay', 80, 12), proxy: paced('proxy', 130, 40) },
    },
    longRun,
    errors: [],
  };
}

describe('the proxy targets of the bench', () => {
  it('decides each against the bare relay of the same run', () => {
    const long = {
      exchanges: 100_000,
      sendMs: 1,
      rps: 1,
      errors: 0,
      reportMs: 800,
      peakRssMb: 120,
      reportedRequests: 100_001,
      written: true,
    };
    const checks = checkProxyTargets(figures(long));
    expect(checks.map((c) => c.met)).toEqual([true, true, true, false, true, true]);
    expect(checks[3]?.measured).toContain('3×');
  });

  it("judges the streams on each process's second run and shows its first beside it", () => {
    const checks = checkProxyTargets(figures(null));
    expect(checks[2]?.measured).toBe("1.43× (100 vs 70 µs); fresh processes' first 1000: 1.63× (130 vs 80 µs)");
    expect(checks[2]?.met).toBe(true);
    expect(checks[3]?.measured).toContain("fresh processes' first 1000: 3.33× (40 vs 12 ms)");
    const base = figures(null);
    const lostFirst = {
      ...base,
      streams: base.streams && {
        ...base.streams,
        relay: paced('relay', 70, 30),
        fresh: { ...base.streams.fresh, proxy: { ...paced('proxy', 130, 40), lost: 2 } },
      },
    };
    const lateness = checkProxyTargets(lostFirst)[3];
    expect(lateness?.measured).toContain('2 lost');
    expect(lateness?.met).toBe(false);
  });

  it('leaves the long-run targets undecided after fewer exchanges, but a miss is a miss', () => {
    const short = {
      exchanges: 20_000,
      sendMs: 1,
      rps: 1,
      errors: 0,
      reportMs: 400,
      peakRssMb: 100,
      reportedRequests: 20_001,
      written: true,
    };
    expect(
      checkProxyTargets(figures(short))
        .slice(4)
        .map((c) => c.met),
    ).toEqual([null, null]);
    const late = { ...short, reportMs: 6_000 };
    expect(checkProxyTargets(figures(late))[4]?.met).toBe(false);
    expect(
      checkProxyTargets(figures(null))
        .slice(4)
        .map((c) => c.met),
    ).toEqual([false, false]);
  });

  it('reads a p99 of 0 ms as 1 ms, autocannon counting whole milliseconds', () => {
    expect(ratioOf(2, 0, 1)).toBe(2);
    expect(ratioOf(900, 1000)).toBe(0.9);
    expect(ratioOf(1, null)).toBeNull();
  });

  it('runs the proxy rows alone with --proxy-only, 100,000 exchanges unless told', () => {
    expect(parseBenchArgs(['--proxy-only'])).toMatchObject({
      proxyOnly: true,
      proxyStreams: 1000,
      proxyExchanges: 100_000,
    });
    expect(parseBenchArgs(['--proxy-exchanges', '5000']).proxyExchanges).toBe(5000);
    expect(() => parseBenchArgs(['--proxy-exchanges', '0'])).toThrow(/--proxy-exchanges must be a whole number/);
  });
});
