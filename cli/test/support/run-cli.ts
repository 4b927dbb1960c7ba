import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const CLI = path.join('cli', 'mock.ts');

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunningCli {
  readonly child: ChildProcess;
  /** Resolves with the API base URL printed in the banner and the time from spawn to it. */
  readonly ready: Promise<{ baseUrl: string; readyMs: number }>;
  readonly exit: Promise<Exit>;
  stdout(): string;
  stderr(): string;
}

/** Spawns `node --import tsx cli/mock.ts` as `npm start` does, without PORT/HOST (nor GitHub's variables) from the test's environment. */
export function startCli(
  args: string[],
  env: Record<string, string> = {},
  banner: RegExp = /listening on (http:\/\/\S+\/api\/v1)/,
): RunningCli {
  const inherited = { ...process.env };
  delete inherited.PORT;
  delete inherited.HOST;
  // Under GitHub Actions the CLI would annotate and write the job's summary: only tests that ask.
  delete inherited.GITHUB_ACTIONS;
  delete inherited.GITHUB_STEP_SUMMARY;
  const spawnedAt = performance.now();
  // One process, as `npm start` runs it (node --import tsx): a signal reaches the CLI itself.
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      // Let the pipes drain before reporting what was printed.
      setImmediate(() => resolve({ code, signal, stdout, stderr }));
    });
  });
  const ready = new Promise<{ baseUrl: string; readyMs: number }>((resolve, reject) => {
    const onData = (): void => {
      const found = banner.exec(stdout);
      if (found?.[1]) {
        child.stdout?.off('data', onData);
        resolve({ baseUrl: found[1], readyMs: Math.round(performance.now() - spawnedAt) });
      }
    };
    child.stdout?.on('data', onData);
    void exit.then((e) => reject(new Error(`the mock exited (${e.code}) before it was ready: ${e.stderr}`)));
  });
  // A run that is meant to fail never awaits `ready`; its rejection is expected, not unhandled.
  ready.catch(() => undefined);
  return { child, ready, exit, stdout: () => stdout, stderr: () => stderr };
}

/**
 * For a `describe` block: starts CLIs as startCli does, and after each test kills any that a
 * failing test left running.
 */
export function useCli(): typeof startCli {
  const started: RunningCli[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map(stopQuietly));
  });
  return (...args) => {
    const cli = startCli(...args);
    started.push(cli);
    return cli;
  };
}

async function stopQuietly(cli: RunningCli): Promise<void> {
  if (cli.child.exitCode === null && cli.child.signalCode === null) {
    cli.child.kill('SIGKILL');
    await cli.exit;
  }
}
