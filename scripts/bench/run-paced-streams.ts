import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { TOKENS_PER_SECOND_HEADER } from '../../mocks/src/exchange/stream/pacing';
import type { ChildServer, ServerSpec } from './child-server';
import { captureResponse } from './canned-response';
import type { BenchRequest, CannedResponse } from './canned-response';
import type { PacedStreamsPlan, PacedStreamsResult } from './paced-stream-client';
import { openFilesLimit } from './paced-stream-client';
import type { CapturedStream } from './bare-sse-server';
import { API_BASE, PACED_STREAM_REQUEST } from './workloads';
import { ROOT, oursSpec } from './server-specs';

/** Each stream: 20 text deltas at 2 tokens per second, so it stays open some 9.5 s. */
export const PACED_TOKENS = 20;
export const PACED_TOKENS_PER_SECOND = 2;
/** Connections opened per second: 10,000 streams are all open at once (each lasts ~9.5 s). */
export const PACED_RAMP_PER_SECOND = 2000;
/** File descriptors kept free beside the streams (listening socket, files, pipes). */
const SPARE_FDS = 100;

const CLIENT = path.join(ROOT, 'dist', 'scripts', 'bench', 'paced-stream-client.js');
const BARE_SSE = path.join(ROOT, 'dist', 'scripts', 'bench', 'bare-sse-server.js');

/**
 * Raises the soft limit on open files as far as allowed (to 65,536, else to the hard limit),
 * then runs the command: node cannot call setrlimit itself.
 */
const RAISE_OPEN_FILES = 'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"';

export function withRaisedOpenFiles(command: string, args: readonly string[]): { command: string; args: string[] } {
  return { command: 'sh', args: ['-c', RAISE_OPEN_FILES, 'sh', command, ...args] };
}

export interface PacedRun extends PacedStreamsResult {
  readonly server: string;
  /** Server CPU (user + system) during the run, ms, and per event received, µs. */
  readonly serverCpuMs: number | null;
  readonly serverCpuUsPerEvent: number | null;
  readonly serverPeakRssMb: number | null;
  readonly serverOpenFilesLimit: number | null;
}

export interface PacedStreamsFigures {
  readonly requested: number;
  readonly streams: number;
  readonly tokensPerSecond: number;
  readonly tokens: number;
  readonly rampPerSecond: number;
  /** What the open-files limit could be raised to, and whether it had to cut the number of streams. */
  readonly openFiles: string;
  readonly ours: PacedRun;
  readonly bare: PacedRun | null;
}

/** The soft limit a child started through RAISE_OPEN_FILES gets. */
function raisedLimit(): number | null {
  const run = spawnSync('sh', ['-c', RAISE_OPEN_FILES, 'sh', 'sh', '-c', 'ulimit -n'], { encoding: 'utf8' });
  const value = run.stdout.trim();
  return value === 'unlimited' ? Infinity : Number.isFinite(Number(value)) && value !== '' ? Number(value) : null;
}

function hardLimit(): string {
  return spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
}

/** How many of `requested` streams the raised open-files limit holds (the ladder's steps are cut to it), and a sentence saying so. */
export function openFilesCap(requested: number): { fits: number; openFiles: string } {
  const limit = raisedLimit();
  const fits = limit === null ? requested : Math.min(requested, Math.max(1, limit - SPARE_FDS));
  const openFiles =
    limit === null
      ? 'the open-files limit could not be read; streams not capped'
      : `open-files limit raised to ${limit} (hard limit ${hardLimit()}) for the server and the client, each a process of its own` +
        (fits < requested ? `; it cannot hold ${requested} streams, so steps above ${fits} were cut to ${fits}` : '');
  return { fits, openFiles };
}

/** The paced-streams request, with extra headers (the tokens-per-second header). */
export function pacedRequest(extra: Record<string, string>): BenchRequest {
  return {
    ...PACED_STREAM_REQUEST,
    path: API_BASE + PACED_STREAM_REQUEST.path,
    headers: { ...PACED_STREAM_REQUEST.headers, ...extra },
  };
}

/** The mock, started with the open-files limit raised. */
export function pacedMockSpec(): ServerSpec {
  const spec = oursSpec('ours-paced');
  return { ...spec, ...withRaisedOpenFiles(spec.command, spec.args) };
}

/** The bare SSE floor replaying `capturedFile` (a CapturedStream) with the same pacing. */
export function pacedBareSpec(capturedFile: string): ServerSpec {
  return {
    name: 'bare-sse',
    ...withRaisedOpenFiles(process.execPath, [BARE_SSE, capturedFile, '{port}']),
    probe: oursSpec().probe,
  };
}

/** An unpaced answer cut into the frames the bare floor replays. */
export function toCapturedStream(answer: CannedResponse): CapturedStream {
  const text = Buffer.from(answer.bodyBase64, 'base64').toString('utf8');
  return {
    headers: answer.headers.flat(),
    frames: text
      .split('\n\n')
      .filter((f) => f !== '')
      .map((f) => `${f}\n\n`),
  };
}

/**
 * One step: a fresh server, one unpaced request first (it warms the mock's tokenizer and gives
 * the bytes the bare floor replays), then `streams` paced streams from the client process.
 */
export async function runPacedStep(
  spec: ServerSpec,
  streams: number,
  start: (spec: ServerSpec) => Promise<ChildServer>,
  progress: (line: string) => void,
): Promise<{ run: PacedRun; unpaced: CannedResponse }> {
  const server = await start(spec);
  try {
    const unpaced = await captureResponse(server.origin, pacedRequest({ [TOKENS_PER_SECOND_HEADER]: '0' }));
    return { run: await drivePacedStreams(server, streams, progress), unpaced };
  } finally {
    await server.stop();
  }
}

/** `streams` paced streams from the client process against a running server (the mock, or a relay in front of one). */
export async function drivePacedStreams(
  server: ChildServer,
  streams: number,
  progress: (line: string) => void,
): Promise<PacedRun> {
  const paced = pacedRequest({ [TOKENS_PER_SECOND_HEADER]: String(PACED_TOKENS_PER_SECOND) });
  const plan: PacedStreamsPlan = {
    port: Number(new URL(server.origin).port),
    path: paced.path,
    headers: paced.headers,
    body: paced.body ?? '',
    streams,
    tokensPerSecond: PACED_TOKENS_PER_SECOND,
    tokens: PACED_TOKENS,
    rampPerSecond: PACED_RAMP_PER_SECOND,
    timeoutMs: 120_000,
  };
  const cpuBefore = server.cpuMs();
  const result = await runClient(plan);
  const cpuAfter = server.cpuMs();
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? null : Math.round(cpuAfter - cpuBefore);
  const run: PacedRun = {
    ...result,
    server: server.name,
    serverCpuMs: cpu,
    serverCpuUsPerEvent: cpu === null || result.events === 0 ? null : Math.round((cpu * 1000) / result.events),
    serverPeakRssMb: server.memory()?.peakRssMb ?? null,
    serverOpenFilesLimit: openFilesLimit(server.pid),
  };
  progress(
    `${server.name}: ${streams} paced streams, ${run.completed} completed, ${run.lost} lost, peak ${run.peakOpen} open, lateness p50/p99/max ${run.latenessMs.p50}/${run.latenessMs.p99}/${run.latenessMs.max} ms, CPU ${cpu ?? '?'} ms, peak RSS ${run.serverPeakRssMb ?? '?'} MB`,
  );
  return run;
}

function runClient(plan: PacedStreamsPlan): Promise<PacedStreamsResult> {
  const { command, args } = withRaisedOpenFiles(process.execPath, [CLIENT, JSON.stringify(plan)]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`exit ${code ?? '?'}`);
        resolve(JSON.parse(stdout) as PacedStreamsResult);
      } catch (err) {
        reject(new Error(`the stream client failed (${(err as Error).message}): ${stderr}`));
      }
    });
  });
}
