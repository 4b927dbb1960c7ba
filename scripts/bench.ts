/**
 * `npm run bench`: our mock against `prism mock` and a bare node:http server on the same
 * requests, then streaming. Prints tables and writes reports/bench.json. See docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_USAGE, parseBenchArgs } from './bench/bench-args';
import type { BenchPlan } from './bench/bench-args';
import type { BenchReport, ServerFigures, StreamingFigures } from './bench/bench-report';
import { ratios } from './bench/bench-report';
import { checkTargets } from './bench/check-targets';
import { median } from './bench/median';
import { captureResponse } from './bench/canned-response';
import type { ChildServer, ServerSpec } from './bench/child-server';
import { startChildServer } from './bench/child-server';
import { renderReport } from './bench/render-table';
import { runLoadMatrix } from './bench/run-load-matrix';
import { runStreaming } from './bench/run-streaming';
import { WORKLOADS, forTarget } from './bench/workloads';
import { ROOT, bareSpec, describeCommand, oursSpec, prismSpec } from './bench/server-specs';
import { describePrism, sameBytes } from './bench/compare-answers';
import { renderInProcess, runMswInProcess } from './bench/run-msw-in-process';
import type { InProcessFigures } from './bench/run-msw-in-process';
import { runProxyBench } from './bench/run-proxy-bench';
import type { ProxyFigures } from './bench/proxy-figures';
import { lostStreams } from './bench/proxy-figures';
import { renderVerify, runVerifyBench } from './bench/run-verify-bench';
import type { VerifyFigures } from './bench/run-verify-bench';

const progress = (line: string): void => {
  process.stderr.write(`  ${line}\n`);
};

/**
 * Builds the package as `npm run build` does (compiled code and dist/precompiled/, so start-up is
 * measured as users get it, without a TypeScript loader), then the bench's own servers and client.
 */
function build(): void {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const steps: ReadonlyArray<readonly [string, readonly string[]]> = [
    [tsx, [path.join('scripts', 'build.ts')]],
    [process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join('scripts', 'bench', 'tsconfig.json')]],
  ];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed`);
  }
}

async function main(): Promise<number> {
  const plan = parseBenchArgs(process.argv.slice(2));
  if (plan.help) {
    console.log(BENCH_USAGE);
    return 0;
  }
  if (plan.verifyOnly) return measureVerifyOnly(plan);
  build();
  const running = new Set<ChildServer>();
  const start = async (spec: ServerSpec): Promise<ChildServer> => {
    const server = await startChildServer(spec);
    running.add(server);
    const stop = server.stop;
    return { ...server, stop: (graceMs?: number) => stop(graceMs).finally(() => running.delete(server)) };
  };
  const stopAll = (): Promise<unknown> => Promise.all([...running].map((s) => s.stop()));
  process.once('SIGINT', () => void stopAll().finally(() => process.exit(130)));
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'mock-bench-'));
  try {
    return await measure(plan, start, scratch);
  } finally {
    await stopAll();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function load1m(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
}

async function measure(
  plan: BenchPlan,
  start: (spec: ServerSpec) => Promise<ChildServer>,
  scratch: string,
): Promise<number> {
  const loadAtStart = load1m();
  const startTimed = async (spec: ServerSpec, tries: number): Promise<{ server: ChildServer; runs: number[] }> => {
    const runs: number[] = [];
    for (let i = 1; ; i++) {
      const server = await start(spec);
      runs.push(server.startupMs);
      progress(`${spec.name} answered ${server.startupMs} ms after spawn`);
      if (i >= tries) return { server, runs };
      await server.stop();
    }
  };
  // The first start after the build reads cold files: it serves the capture but is not timed.
  const first = await start(oursSpec());
  const canned = await Promise.all(WORKLOADS.map((s) => captureResponse(first.origin, forTarget('ours', s.request))));
  await first.stop();
  const cannedFile = path.join(scratch, 'canned.json');
  writeFileSync(cannedFile, JSON.stringify(canned));
  if (plan.proxyOnly) return measureProxyOnly(plan, start, cannedFile, scratch, loadAtStart);
  // Ours and bare start in turns, so a burst of load on the shared machine hits both alike; the
  // last start of each stays up for the load runs.
  const timedStart = async (spec: ServerSpec, runs: number[]): Promise<ChildServer> => {
    const server = await start(spec);
    runs.push(server.startupMs);
    progress(`${spec.name} answered ${server.startupMs} ms after spawn`);
    return server;
  };
  const oursRuns: number[] = [];
  const bareRuns: number[] = [];
  for (let i = 1; i < plan.startupTries; i++) {
    await (await timedStart(oursSpec(), oursRuns)).stop();
    await (await timedStart(bareSpec(cannedFile), bareRuns)).stop();
  }
  const ours = { server: await timedStart(oursSpec(), oursRuns), runs: oursRuns };
  const bare = { server: await timedStart(bareSpec(cannedFile), bareRuns), runs: bareRuns };
  await sameBytes(ours.server.origin, bare.server.origin, WORKLOADS[0]?.request);
  const prism = await startTimed(prismSpec(), plan.prismStartupTries);
  const prismNotes = await describePrism(prism.server.origin);

  const servers = { ours: ours.server, prism: prism.server, bare: bare.server };
  const load = await runLoadMatrix(plan, servers, progress);
  const figures: ServerFigures[] = [
    [ours, oursSpec()] as const,
    [prism, prismSpec()] as const,
    [bare, bareSpec(cannedFile)] as const,
  ].map(([{ server, runs }, spec]) => ({
    name: server.name,
    command: describeCommand(spec),
    startupMs: median(runs),
    startupRunsMs: runs,
    peakRssMb: server.memory()?.peakRssMb ?? null,
  }));
  await Promise.all([prism.server.stop(), bare.server.stop()]);
  let streaming: StreamingFigures | null = null;
  let streamingError: string | undefined;
  try {
    streaming = await runStreaming(plan, ours.server, start, scratch, progress);
  } catch (err) {
    streamingError = (err as Error).message;
    progress(`streaming not measured: ${streamingError}`);
  }
  let inProcess: InProcessFigures[] | null = null;
  let inProcessError: string | undefined;
  try {
    inProcess = await runMswInProcess(plan, progress);
  } catch (err) {
    inProcessError = (err as Error).message;
    progress(`in-process path not measured: ${inProcessError}`);
  }
  const proxy = await runProxyBench(plan, start, cannedFile, scratch, progress);
  const verify = await verifyRows(plan, scratch);
  const partial: Omit<BenchReport, 'targets'> = {
    generatedAt: new Date().toISOString(),
    command: commandLine(),
    machine: { node: process.version, cpus: os.cpus().length, loadAtStart, loadAtEnd: load1m() },
    plan: { ...plan, help: undefined },
    servers: figures,
    load,
    ratios: ratios(load),
    streaming,
    inProcess,
    proxy,
    verify,
    notes: [
      ...prismNotes,
      ...(streaming ? [streaming.paced.openFiles] : []),
      ...(streamingError ? [`streaming could not be measured: ${streamingError}`] : []),
      ...(inProcessError ? [`the in-process path could not be measured: ${inProcessError}`] : []),
    ],
  };
  const report = writeReport(plan, partial);
  if (inProcess) console.log(renderInProcess(inProcess));
  if (verify) console.log(renderVerify(verify));
  // Misses against the targets are reported, not fatal (shared machines are noisy); broken answers are.
  const broken =
    load.some((row) => row.target !== 'prism' && row.median.errors + row.median.non2xx > 0) ||
    streaming === null ||
    inProcess === null ||
    streaming.paced.ours.lost > 0 ||
    proxyBroken(report.proxy);
  return broken ? 1 : 0;
}

/** `--proxy-only`: the proxy's rows alone, against the bare relay, on the mock's captured answers. */
async function measureProxyOnly(
  plan: BenchPlan,
  start: (spec: ServerSpec) => Promise<ChildServer>,
  cannedFile: string,
  scratch: string,
  loadAtStart: number,
): Promise<number> {
  const proxy = await runProxyBench(plan, start, cannedFile, scratch, progress);
  const report = writeReport(plan, {
    generatedAt: new Date().toISOString(),
    command: commandLine(),
    machine: { node: process.version, cpus: os.cpus().length, loadAtStart, loadAtEnd: load1m() },
    plan: { ...plan, help: undefined },
    servers: [],
    load: [],
    ratios: [],
    streaming: null,
    proxy,
    notes: [],
  });
  return proxyBroken(report.proxy) ? 1 : 0;
}

/** The recorded-traffic rows; null (said why) when they could not be measured. */
async function verifyRows(plan: BenchPlan, scratch: string): Promise<VerifyFigures | null> {
  try {
    return await runVerifyBench(plan.verifyMb, scratch, progress);
  } catch (err) {
    progress(`verify not measured: ${(err as Error).message}`);
    return null;
  }
}

/** `--verify-only`: verify against Redocly CLI's drift on one traffic file, nothing built. */
async function measureVerifyOnly(plan: BenchPlan): Promise<number> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'verify-bench-'));
  try {
    const loadAtStart = load1m();
    const verify = await verifyRows(plan, scratch);
    writeReport(plan, {
      generatedAt: new Date().toISOString(),
      command: commandLine(),
      machine: { node: process.version, cpus: os.cpus().length, loadAtStart, loadAtEnd: load1m() },
      plan: { ...plan, help: undefined },
      servers: [],
      load: [],
      ratios: [],
      streaming: null,
      verify,
      notes: [],
    });
    if (verify) console.log(renderVerify(verify));
    return verify === null || verify.ours.error !== undefined ? 1 : 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function proxyBroken(proxy: ProxyFigures | null | undefined): boolean {
  return (
    !proxy ||
    proxy.errors.length > 0 ||
    proxy.load.some((row) => row.proxy.errors + row.proxy.non2xx + row.relay.errors + row.relay.non2xx > 0) ||
    (proxy.streams ? lostStreams(proxy.streams) : 0) > 0 ||
    proxy.longRun?.written !== true
  );
}

function commandLine(): string {
  const args = process.argv.slice(2);
  return `npm run bench${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`;
}

function writeReport(plan: BenchPlan, partial: Omit<BenchReport, 'targets'>): BenchReport {
  const report: BenchReport = {
    ...partial,
    targets: checkTargets(partial, WORKLOADS[0]?.label ?? '', WORKLOADS[1]?.label ?? ''),
  };
  const out = path.resolve(ROOT, plan.out);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(renderReport(report));
  console.log(`\nWrote ${path.relative(process.cwd(), out)}`);
  return report;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
