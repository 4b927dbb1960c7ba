/**
 * SIGTERM with streams in flight (the CLI, `npm start`): streams that can finish within the
 * grace period complete, longer ones end with `error`, `response.failed` and `[DONE]` when it runs
 * out, nothing hangs, new connections are refused and the process exits 0 promptly, without an
 * error on stderr.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { send } from './support';
import { contractStreamProblems, parseSse } from '../helpers/stream-helpers';

const ROOT = path.resolve(__dirname, '..', '..', '..');

interface StreamEnd {
  readonly done: boolean;
  readonly bytes: number;
  readonly text: string;
}

/** Opens a stream and resolves `started` once its first bytes are in, `ended` when it closes. */
function openStream(base: string, tokensPerSecond: number): { started: Promise<void>; ended: Promise<StreamEnd> } {
  // The first delta at once (the started signal), then one per 1/tokensPerSecond s.
  const pacing = { 'x-mock-first-token-delay-ms': '0', 'x-mock-tokens-per-second': String(tokensPerSecond) };
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const ended = new Promise<StreamEnd>((resolve) => {
    let text = '';
    const req = http.request(
      `${base}/responses`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: 'Bearer sk-mock-user',
          'content-type': 'application/json',
          ...pacing,
        },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          markStarted();
        });
        const finish = (): void => resolve({ done: text.includes('data: [DONE]'), bytes: text.length, text });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', () => undefined);
      },
    );
    req.on('error', () => resolve({ done: false, bytes: text.length, text }));
    req.end(JSON.stringify({ model: 'openai/gpt-4o', input: 'tell me a long story', stream: true }));
  });
  return { started, ended };
}

/** Starts the CLI as `npm start` does (tsx), on a free port; resolves with the API base it prints. */
function startCli(): Promise<{ child: ChildProcessWithoutNullStreams; base: string; stderr: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/mock.ts', '--port', '0', '--quiet'], {
    cwd: ROOT,
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const base = /listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(stdout)?.[1];
      if (base) resolve({ child, base, stderr: () => stderr });
    });
    child.once('exit', (code) => reject(new Error(`the CLI exited (${code}) before listening: ${stderr}`)));
  });
}

describe('SIGTERM with streams in flight', () => {
  let cli: Awaited<ReturnType<typeof startCli>> | undefined;

  afterAll(() => {
    if (cli && cli.child.exitCode === null) cli.child.kill('SIGKILL');
  });

  it('lets short streams finish, ends long ones with response.failed at the end of the grace period and exits 0', async () => {
    cli = await startCli();
    const { child, base, stderr } = cli;
    // ~200 tokens: at 400 tokens/s a stream needs about half a second, at 10 tokens/s twenty.
    const short = Array.from({ length: 20 }, () => openStream(base, 400));
    const long = Array.from({ length: 5 }, () => openStream(base, 10));
    await Promise.all([...short, ...long].map((s) => s.started));

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // The long streams would need some twenty seconds: that they end with response.failed (below)
    // shows the process stopped waiting for them when the CLI's grace period (2 s) was over.
    expect(await exited).toBe(0);
    const shortEnds = await Promise.all(short.map((s) => s.ended));
    expect(shortEnds.filter((e) => !e.done)).toEqual([]);
    // Streams still running when the grace period ends get a well-formed end, not a cut connection.
    const longEnds = await Promise.all(long.map((s) => s.ended));
    for (const end of longEnds) {
      const { events, done } = parseSse(end.text);
      expect(done).toBe(true);
      expect(contractStreamProblems(events)).toEqual([]);
      expect(events.at(-2)).toMatchObject({
        type: 'error',
        code: 'server_error',
        message: expect.stringMatching(/shutting down/),
      });
      expect(events.at(-1)?.type).toBe('response.failed');
    }
    const shortCompleted = shortEnds.map((e) => parseSse(e.text).events.at(-1)?.type);
    expect(new Set(shortCompleted)).toEqual(new Set(['response.completed']));
    await expect(
      send(base.replace(/\/api\/v1$/, ''), { method: 'GET', path: '/api/v1/model/openai/gpt-4o' }),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(stderr()).not.toMatch(/error|exception|at .+:\d+:\d+/i);
  }, 40_000);

  it('keeps one shutdown listener however many streams are open: 1,000 streams, no warning, each ends with response.failed and [DONE]', async () => {
    cli = await startCli();
    const { child, base, stderr } = cli;
    // One delta at once, the next in an hour: every stream is still running when the grace period ends.
    const streams = Array.from({ length: 1_000 }, () => openStream(base, 1 / 3600));
    await Promise.all(streams.map((s) => s.started));

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const ends = await Promise.all(streams.map((s) => s.ended));
    for (const end of ends) {
      const { events, done } = parseSse(end.text);
      expect(done).toBe(true);
      expect(events.at(-1)?.type).toBe('response.failed');
    }
    expect(contractStreamProblems(parseSse(ends[0]?.text ?? '').events)).toEqual([]);
    // A listener per stream on a server-wide signal made node print MaxListenersExceededWarning here.
    expect(stderr()).toBe('');
  }, 60_000);
});
