import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { npmInGroup } from './support/npm-in-group';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContract } from '../../kit/contract/contract';
import { isRecord } from '../../kit/json/guards';
import { startInProcessMock } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { startFaultProxy } from '../../conformance/test/faults/fault-proxy';
import type { FaultProxy } from '../../conformance/test/faults/fault-proxy';

const ROOT = path.join(__dirname, '..', '..');
let mock: RunningMock;
let proxy: FaultProxy;

beforeAll(async () => {
  mock = await startInProcessMock({ contract: loadContract() });
  // Answers the preflight and every JSON request, and no stream: the run is still going when the signal comes.
  proxy = await startFaultProxy(mock.baseUrl, {
    answer: (req) => (isRecord(req.body) && req.body.stream === true ? 'hang' : undefined),
  });
});
afterAll(async () => {
  await proxy.close();
  await mock.close();
});

/** `npm run conformance` as a process, sent `signal` once it reports its first phase. */
function interrupted(signal: 'SIGINT' | 'SIGTERM', reportDir: string): Promise<{ code: number | null; err: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'cli/conformance.ts', '--base-url', proxy.baseUrl, '--report-dir', reportDir],
    { cwd: ROOT, env: { ...process.env, CONFORMANCE_API_KEY: 'sk-mock-user' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    err += chunk;
    if (err.includes('main phase:') && !child.killed) child.kill(signal);
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, err })));
}

describe('npm run conformance, signalled', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'stops on %s, writes the partial report marked incomplete and exits %i',
    async (signal, status) => {
      const reportDir = mkdtempSync(path.join(tmpdir(), 'conformance-signal-'));
      const { code, err } = await interrupted(signal, reportDir);
      expect(err).toContain(`conformance: ${signal}: stopping, writing the partial report`);
      expect(code).toBe(status);
      const json = JSON.parse(readFileSync(path.join(reportDir, 'conformance.json'), 'utf8')) as { complete: boolean };
      expect(json.complete).toBe(false);
    },
    60_000,
  );
});

describe('npm run conformance, signalled as a process group', () => {
  // A terminal's Ctrl-C and a CI runner's cancel reach npm, its shell and node, and npm passes the
  // signal on once more (support/npm-in-group.ts).
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-group-signal-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'writes the partial reports at a group %s, its junit.xml an error, not green',
    async (signal) => {
      const run = npmInGroup(['run', 'conformance', '--', '--base-url', proxy.baseUrl, '--report-dir', dir], {
        CONFORMANCE_API_KEY: 'sk-mock-user',
      });
      await run.waitFor(/main phase:/);
      run.signal(signal);
      await run.closed;
      const json = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
        complete: boolean;
        incomplete?: { reason: string };
      };
      expect(json).toMatchObject({ complete: false, incomplete: { reason: `interrupted by ${signal}` } });
      const junit = readFileSync(path.join(dir, 'junit.xml'), 'utf8');
      expect(junit).toMatch(/<testsuites name="conformance" [^>]*errors="1"/);
      expect(junit).toContain(`<error message="interrupted by ${signal}" type="incomplete">`);
      expect(readFileSync(path.join(dir, 'conformance.html'), 'utf8')).toContain(
        `INCOMPLETE: interrupted by ${signal}`,
      );
    },
    120_000,
  );
});
