import { spawn } from 'node:child_process';
import { ROOT } from './run-cli';

/**
 * A terminal's Ctrl-C and a CI runner's cancel signal the whole process group: npm, the shell it
 * starts and node all get it, and npm passes it on to its child once more. Each command runs here
 * under npm, as a user runs it, in a process group of its own, and the group gets the signal.
 */
export interface GroupRun {
  readonly out: () => string;
  /** Resolves with the first match of `pattern` in the output; rejects if the command ends first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** Sends `signal` to the whole group. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when every process of the group that holds its output has exited. */
  readonly closed: Promise<number | null>;
}

export function npmInGroup(args: readonly string[], env: Record<string, string> = {}): GroupRun {
  const inherited = { ...process.env };
  for (const name of ['PORT', 'HOST', 'GITHUB_ACTIONS', 'GITHUB_STEP_SUMMARY']) delete inherited[name];
  const child = spawn('npm', [...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const watchers = new Set<() => void>();
  const add = (chunk: string) => {
    out += chunk;
    for (const watch of watchers) watch();
  };
  child.stdout.setEncoding('utf8').on('data', add);
  child.stderr.setEncoding('utf8').on('data', add);
  // `close` waits for the output pipes, which node (npm's grandchild) holds until it exits.
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    out: () => out,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const watch = () => {
          const found = pattern.exec(out);
          if (!found) return;
          watchers.delete(watch);
          resolve(found);
        };
        watchers.add(watch);
        watch();
        void closed.then(() => reject(new Error(`the command ended before printing ${pattern}: ${out}`)));
      }),
    signal: (signal) => process.kill(-(child.pid ?? 0), signal),
    closed,
  };
}
