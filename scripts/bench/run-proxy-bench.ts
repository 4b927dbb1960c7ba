/**
 * The proxy's rows: the proxy (`model-gateway-mock --proxy`) against a bare node:http relay
 * (bare-relay.ts) in front of the same upstream, in the same run, taking turns: GET /model and
 * POST /responses at 10 connections (upstream: the bare server replaying the mock's answers),
 * 1,000 paced streams twice in each process, the second time measured (upstream: the bare SSE
 * server replaying the mock's stream), and the long run (long-run.ts): 100,000 exchanges, then
 * SIGTERM, timed until the reports are written.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchPlan } from './bench-args';
import { medianRound } from './bench-report';
import type { ChildServer, ServerSpec } from './child-server';
import type { LoadResult } from './http-load';
import { runLoad } from './http-load';
import { runLongProxy } from './long-run';
import { median } from './median';
import { proxySpec, relaySpec } from './proxy-specs';
import type { PacedRun } from './run-paced-streams';
import type { ProxyFigures, ProxyLoadRow, ProxyStreams } from './proxy-figures';
import { drivePacedStreams, pacedBareSpec, pacedMockSpec, runPacedStep, toCapturedStream } from './run-paced-streams';
import { WORKLOADS, forTarget } from './workloads';
import { bareSpec, describeCommand } from './server-specs';

/** The proxy's load rows are measured at this many connections (the targets). */
export const PROXY_CONNECTIONS = 10;

type Start = (spec: ServerSpec) => Promise<ChildServer>;

export async function runProxyBench(
  plan: BenchPlan,
  start: Start,
  cannedFile: string,
  scratch: string,
  progress: (line: string) => void,
): Promise<ProxyFigures> {
  const errors: string[] = [];
  const attempt = async <T>(what: string, run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (err) {
      errors.push(`${what}: ${(err as Error).message}`);
      progress(`proxy bench, ${what} not measured: ${(err as Error).message}`);
      return null;
    }
  };
  // A gateway's created responses differ (their ids): the proxy gets no answer to POST twice.
  const upstream = await start(bareSpec(cannedFile, true));
  const reportDir = path.join(scratch, 'proxy-reports');
  const commands = {
    relay: describeCommand(relaySpec(upstream.origin)),
    proxy: describeCommand(proxySpec(upstream.origin, reportDir)),
  };
  try {
    const load = (await attempt('load', () => proxyLoad(plan, start, upstream.origin, reportDir, progress))) ?? [];
    const streams = await attempt('paced streams', () => proxyStreams(plan, start, scratch, progress));
    const longRun = await attempt('long run', () =>
      runLongProxy(plan.proxyExchanges, start, upstream.origin, path.join(scratch, 'long-run'), progress),
    );
    return { commands, load, streams, longRun, errors };
  } finally {
    await upstream.stop();
  }
}

async function proxyLoad(
  plan: BenchPlan,
  start: Start,
  upstreamOrigin: string,
  reportDir: string,
  progress: (line: string) => void,
): Promise<ProxyLoadRow[]> {
  const relay = await start(relaySpec(upstreamOrigin));
  const proxy = await start(proxySpec(upstreamOrigin, reportDir));
  try {
    const rows: ProxyLoadRow[] = [];
    for (const workload of WORKLOADS) {
      const rounds = { relay: [] as LoadResult[], proxy: [] as LoadResult[] };
      for (let round = 0; round < plan.rounds; round++) {
        // Who goes first alternates, so a burst of noise on the shared machine hits both alike.
        const order = round % 2 === 0 ? [relay, proxy] : [proxy, relay];
        for (const server of order) {
          const result = await runLoad(
            server.origin,
            forTarget('ours', workload.request),
            { connections: PROXY_CONNECTIONS, durationS: plan.durationS, warmupS: round < 2 ? plan.warmupS : 0 },
            server.cpuMs,
          );
          (server === relay ? rounds.relay : rounds.proxy).push(result);
          progress(
            `${workload.label} c=${PROXY_CONNECTIONS} ${server.name} round ${round + 1}: ${result.rps} req/s, p99 ${result.p99Ms} ms, ${result.cpuUsPerRequest ?? '?'} µs CPU/request`,
          );
        }
      }
      const cpu = (results: readonly LoadResult[]): number | null => {
        const values = results.map((r) => r.cpuUsPerRequest).filter((v): v is number => v !== null);
        return values.length === 0 ? null : median(values);
      };
      rows.push({
        workload: workload.label,
        connections: PROXY_CONNECTIONS,
        relay: medianRound(rounds.relay),
        proxy: medianRound(rounds.proxy),
        relayRoundsRps: rounds.relay.map((r) => r.rps),
        proxyRoundsRps: rounds.proxy.map((r) => r.rps),
        relayCpuUs: cpu(rounds.relay),
        proxyCpuUs: cpu(rounds.proxy),
      });
    }
    return rows;
  } finally {
    await Promise.all([relay.stop(), proxy.stop()]);
  }
}

/**
 * Paced streams relayed: the mock's own stream (captured unpaced) replayed by the bare SSE server
 * with the mock's pacing, through the relay and then through the proxy, each a fresh process that
 * relays the streams twice: the first time warms it up (and is reported as `fresh`), the second
 * is measured, as the load rows are measured after their warm-up.
 */
async function proxyStreams(
  plan: BenchPlan,
  start: Start,
  scratch: string,
  progress: (line: string) => void,
): Promise<ProxyStreams> {
  const { unpaced } = await runPacedStep(pacedMockSpec(), 1, start, () => undefined);
  const capturedFile = path.join(scratch, 'proxy-stream.json');
  writeFileSync(capturedFile, JSON.stringify(toCapturedStream(unpaced)));
  const upstream = await start(pacedBareSpec(capturedFile));
  try {
    const through = async (spec: ServerSpec): Promise<{ fresh: PacedRun; warm: PacedRun }> => {
      const server = await start(spec);
      try {
        const fresh = await drivePacedStreams(server, plan.proxyStreams, progress);
        return { fresh, warm: await drivePacedStreams(server, plan.proxyStreams, progress) };
      } finally {
        await server.stop();
      }
    };
    const relay = await through(relaySpec(upstream.origin));
    const proxy = await through(proxySpec(upstream.origin, path.join(scratch, 'stream-reports')));
    return { relay: relay.warm, proxy: proxy.warm, fresh: { relay: relay.fresh, proxy: proxy.fresh } };
  } finally {
    await upstream.stop();
  }
}
