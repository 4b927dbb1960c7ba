import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOKENS_PER_SECOND_HEADER } from '../../mocks/src/stream/pacing';
import type { ChildServer, ServerSpec } from './child-server';
import { captureResponse } from './canned-response';
import type { BenchRequest } from './canned-response';
import type { PacedStreamsPlan, PacedStreamsResult } from './paced-stream-client';
import { openFilesLimit } from './paced-stream-client';
import type { CapturedStream } from './bare-sse-server';
import { API_BASE, PACED_STREAM_REQUEST } from './scenarios';
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

/**
 * `requested` paced streams against a fresh mock, then against the bare SSE floor replaying the
 * mock's own events with the same pacing, one after the other (each with the machine to itself).
 */
export async function runPacedStreams(
  requested: number,
  start: (spec: ServerSpec) => Promise<ChildServer>,
  scratch: string,
  progress: (line: string) => void,
): Promise<PacedStreamsFigures> {
  const limit = raisedLimit();
  const fits = limit === null ? requested : Math.min(requested, Math.max(1, limit - SPARE_FDS));
  const openFiles =
    limit === null
      ? 'the open-files limit could not be read; streams not capped'
      : `open-files limit raised to ${limit} (hard limit ${hardLimit()}) for the server and the client, each a process of its own` +
        (fits < requested ? `; it cannot hold ${requested} streams, so ${fits} were run` : '');
  progress(openFiles);
  const request = (extra: Record<string, string>): BenchRequest => ({
    ...PACED_STREAM_REQUEST,
    path: API_BASE + PACED_STREAM_REQUEST.path,
    headers: { ...PACED_STREAM_REQUEST.headers, ...extra },
  });
  const mockSpec = oursSpec('ours-paced');
  const ours = await start({ ...mockSpec, ...withRaisedOpenFiles(mockSpec.command, mockSpec.args) });
  let captured: CapturedStream;
  let oursRun: PacedRun;
  try {
    // Unpaced, once: the bytes the bare floor replays (and the tokenizer warmed up).
    const answer = await captureResponse(ours.origin, request({ [TOKENS_PER_SECOND_HEADER]: '0' }));
    const text = Buffer.from(answer.bodyBase64, 'base64').toString('utf8');
    captured = {
      headers: answer.headers.flat(),
      frames: text
        .split('\n\n')
        .filter((f) => f !== '')
        .map((f) => `${f}\n\n`),
    };
    oursRun = await drive(ours, fits, request, progress);
  } finally {
    await ours.stop();
  }
  const capturedFile = path.join(scratch, 'captured-stream.json');
  writeFileSync(capturedFile, JSON.stringify(captured));
  let bareRun: PacedRun | null = null;
  const bareSpec: ServerSpec = {
    name: 'bare-sse',
    ...withRaisedOpenFiles(process.execPath, [BARE_SSE, capturedFile, '{port}']),
    probe: mockSpec.probe,
  };
  const bare = await start(bareSpec);
  try {
    bareRun = await drive(bare, fits, request, progress);
  } finally {
    await bare.stop();
  }
  return {
    requested,
    streams: fits,
    tokensPerSecond: PACED_TOKENS_PER_SECOND,
    tokens: PACED_TOKENS,
    rampPerSecond: PACED_RAMP_PER_SECOND,
    openFiles,
    ours: oursRun,
    bare: bareRun,
  };
}

async function drive(
  server: ChildServer,
  streams: number,
  request: (extra: Record<string, string>) => BenchRequest,
  progress: (line: string) => void,
): Promise<PacedRun> {
  const paced = request({ [TOKENS_PER_SECOND_HEADER]: String(PACED_TOKENS_PER_SECOND) });
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
