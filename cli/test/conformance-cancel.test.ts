import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './support/run-cli';

/** `npm run conformance`'s command line, as package.json has it, without the shell's `exec`. */
function conformanceScript(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (pkg.scripts.conformance ?? '').split(/\s+/).filter((word) => word !== '' && word !== 'exec');
  expect(words.slice(0, 3)).toEqual(['node', '--require', './scripts/hold-stop-signals.cjs']);
  return words;
}

/** A process that keeps one core busy for at most two minutes (killed when the tests end). */
function busyLoop(): ChildProcess {
  return spawn(process.execPath, ['-e', 'const end = Date.now() + 120000; while (Date.now() < end);'], {
    stdio: 'ignore',
  });
}

describe('npm run conformance, cancelled while it loads on a busy machine', () => {
  let dir: string;
  let probe: string;
  const load: ChildProcess[] = [];

  beforeAll(() => {
    for (let i = 0; i < 3; i++) load.push(busyLoop());
  });
  afterAll(() => {
    for (const child of load) child.kill('SIGKILL');
  });
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-cancel-'));
    // Says when node runs the script's first preload: the earliest moment the command has.
    probe = path.join(dir, 'started.cjs');
    writeFileSync(probe, "if (require('node:worker_threads').isMainThread) process.stderr.write('started\\n');");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'writes all three reports, marked incomplete, at a group %s before tsx and the suite have loaded, and exits %i',
    async (signal, status) => {
      const [node, ...args] = conformanceScript();
      expect(node).toBe('node');
      const reportDir = path.join(dir, 'reports');
      // Its own process group, as npm's children are: the signal goes to the whole group.
      const child = spawn(
        process.execPath,
        [...args.slice(0, 2), '--require', probe, ...args.slice(2), '--report-dir', reportDir],
        { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let err = '';
      child.stdout.resume();
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        const first = !err.includes('started\n');
        err += chunk;
        if (first && err.includes('started\n')) process.kill(-(child.pid ?? 0), signal);
      });
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      expect(err).toContain(`conformance: ${signal}: stopping, writing the partial report`);
      expect(code).toBe(status);
      const json = JSON.parse(readFileSync(path.join(reportDir, 'conformance.json'), 'utf8')) as unknown;
      expect(json).toMatchObject({ complete: false, incomplete: { reason: `interrupted by ${signal}` } });
      const junit = readFileSync(path.join(reportDir, 'junit.xml'), 'utf8');
      expect(junit).toContain(`<error message="interrupted by ${signal}" type="incomplete">`);
      expect(readFileSync(path.join(reportDir, 'conformance.html'), 'utf8')).toContain(
        `INCOMPLETE: interrupted by ${signal}`,
      );
    },
    120_000,
  );
});
