import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { WriteStream } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { sampleMemory } from './process-memory';
import { ROOT } from './server-specs';

/** One tool's pass over the traffic file. */
export interface VerifyRun {
  readonly tool: string;
  readonly command: string;
  /** Exchanges in the file it read. */
  readonly exchanges: number;
  readonly seconds: number;
  readonly exchangesPerSecond: number;
  /** The process's highest resident memory (VmHWM), sampled to its end. */
  readonly peakRssMb: number | null;
  readonly exitCode: number | null;
  /** Set when the tool did not finish its pass (it ran out of memory, say). */
  readonly error?: string;
  /** The last lines the tool wrote to stderr, for saying why a run did not count. */
  readonly stderrTail?: string;
}

export interface VerifyFigures {
  readonly fileMb: number;
  readonly ours: VerifyRun;
  /** Redocly CLI's `drift` on the same exchanges as one HAR document. */
  readonly redocly: VerifyRun;
}

/** The exchanges the traffic file repeats: Redocly's own proxy in front of the mock (a model, POST /responses as JSON and as a stream, the embeddings list). */
const TEMPLATE = path.join(ROOT, 'proxy', 'test', 'fixtures', 'redocly-proxy.har');
const SAMPLE_MS = 100;

/**
 * `verify` on a NDJSON file of `megabytes` (real exchanges of the mock, repeated), and Redocly
 * CLI's `drift` on the same exchanges as a HAR document: exchanges per second and peak RSS of each
 * process. `verify` reads one entry at a time, so its memory should not grow with the file.
 */
export async function runVerifyBench(
  megabytes: number,
  scratch: string,
  progress: (line: string) => void,
): Promise<VerifyFigures> {
  const entries = (JSON.parse(readFileSync(TEMPLATE, 'utf8')) as { log: { entries: unknown[] } }).log.entries.map(
    (entry) => JSON.stringify(entry),
  );
  const ndjson = path.join(scratch, 'traffic.ndjson');
  const har = path.join(scratch, 'traffic.har');
  const exchanges = await writeTraffic(ndjson, har, entries, megabytes * 1024 * 1024);
  const fileMb = Math.round(statSync(ndjson).size / 1024 / 1024);
  progress(`verify: ${exchanges} exchanges, ${fileMb} MB of NDJSON`);
  const built = path.join(ROOT, 'dist', 'cli', 'model-gateway.js');
  const ours = existsSync(built)
    ? [process.execPath, built, 'verify']
    : [process.execPath, '--import', 'tsx', path.join(ROOT, 'cli', 'model-gateway.ts'), 'verify'];
  const oursRun = await timed(
    'verify',
    [...ours, ndjson, '--quiet', '--report-dir', path.join(scratch, 'verify')],
    exchanges,
  );
  progress(`verify: ${oursRun.exchangesPerSecond} exchanges/s, peak RSS ${oursRun.peakRssMb} MB`);
  const redoclyBin = path.join(ROOT, 'node_modules', '.bin', 'redocly');
  const redoclyRun = await timed(
    'redocly drift',
    [
      redoclyBin,
      'drift',
      har,
      '--api',
      path.join(ROOT, 'spec', 'openapi.yaml'),
      '--server',
      'http://127.0.0.1:4761/api/v1',
      '--format',
      'json',
      '--output',
      path.join(scratch, 'drift.json'),
    ],
    exchanges,
  );
  const redocly = judgedAll(redoclyRun, path.join(scratch, 'drift.json'));
  progress(`redocly drift: ${redocly.exchangesPerSecond} exchanges/s, peak RSS ${redocly.peakRssMb} MB`);
  return { fileMb, ours: oursRun, redocly };
}

/**
 * A drift run counts only when its report judged every exchange: drift exits 1 for findings and
 * for a file it could not read alike (a HAR past V8's longest string), so its exit status alone
 * would turn a failure into a figure.
 */
function judgedAll(run: VerifyRun, report: string): VerifyRun {
  let judged: number | undefined;
  try {
    const parsed = JSON.parse(readFileSync(report, 'utf8')) as { run?: { totalExchanges?: number } };
    judged = parsed.run?.totalExchanges;
  } catch {
    judged = undefined;
  }
  if (judged === run.exchanges) return run;
  const said =
    judged === undefined ? 'it wrote no report' : `its report judged ${judged} of ${run.exchanges} exchanges`;
  return { ...run, exchangesPerSecond: 0, error: [said, run.error ?? run.stderrTail].filter(Boolean).join('; ') };
}

/** Writes the same exchanges as NDJSON and as one HAR document, until the NDJSON holds `bytes`. */
async function writeTraffic(ndjson: string, har: string, entries: readonly string[], bytes: number): Promise<number> {
  const lines = createWriteStream(ndjson);
  const doc = createWriteStream(har);
  doc.write('{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[\n');
  let written = 0;
  let count = 0;
  while (written < bytes) {
    const entry = entries[count % entries.length] as string;
    written += entry.length + 1;
    lines.write(`${entry}\n`);
    doc.write(`${count === 0 ? '' : ',\n'}${entry}`);
    count++;
    await Promise.all([drained(lines), drained(doc)]);
  }
  doc.write('\n]}}\n');
  lines.end();
  doc.end();
  await Promise.all([once(lines, 'finish'), once(doc, 'finish')]);
  return count;
}

function drained(stream: WriteStream): Promise<unknown> {
  return stream.writableNeedDrain === true ? once(stream, 'drain') : Promise.resolve();
}

/** Runs `command` to its end, sampling its peak memory; exchanges per second over its whole run. */
async function timed(tool: string, command: readonly string[], exchanges: number): Promise<VerifyRun> {
  const [file, ...args] = command as [string, ...string[]];
  const started = performance.now();
  const child = spawn(file, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
  let peak: number | null = null;
  const sampler = setInterval(() => {
    const sample = child.pid === undefined ? undefined : sampleMemory(child.pid);
    if (sample) peak = Math.max(peak ?? 0, sample.peakRssMb);
  }, SAMPLE_MS);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(sampler);
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  const finished = code === 0 || code === 1;
  return {
    tool,
    command: command
      .map((part) => (part === process.execPath ? 'node' : path.isAbsolute(part) ? path.relative(ROOT, part) : part))
      .join(' '),
    exchanges,
    seconds,
    exchangesPerSecond: finished ? Math.round(exchanges / seconds) : 0,
    peakRssMb: peak,
    exitCode: code,
    stderrTail: stderr.trim().split('\n').slice(-3).join(' '),
    ...(finished ? {} : { error: stderr.trim().split('\n').slice(-3).join(' ') }),
  };
}

/** The rows the bench prints. */
export function renderVerify(figures: VerifyFigures): string {
  const row = (run: VerifyRun): string =>
    `  ${run.tool.padEnd(14)} ${String(run.exchangesPerSecond).padStart(9)} exchanges/s  ${String(run.seconds).padStart(7)} s  peak RSS ${run.peakRssMb ?? '?'} MB${run.error ? `  (did not finish: ${run.error})` : ''}`;
  return [
    `Recorded traffic, ${figures.ours.exchanges} exchanges (${figures.fileMb} MB of NDJSON; the same as a HAR for drift):`,
    row(figures.ours),
    row(figures.redocly),
  ].join('\n');
}
