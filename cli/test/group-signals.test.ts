import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContract } from '../../kit/contract/contract';
import { isRecord } from '../../kit/json/guards';
import { startInProcessMock } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { startFaultProxy } from '../../conformance/test/faults/fault-proxy';
import type { FaultProxy } from '../../conformance/test/faults/fault-proxy';
import { ROOT } from './support/run-cli';

/**
 * A terminal's Ctrl-C and a CI runner's cancel signal the whole process group: npm, the shell it
 * starts and node all get it, and npm passes it on to its child once more. Each command runs here
 * under npm, as a user runs it, in a process group of its own, and the group gets the signal.
 */
interface GroupRun {
  readonly out: () => string;
  /** Resolves with the first match of `pattern` in the output; rejects if the command ends first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** Sends `signal` to the whole group. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when every process of the group that holds its output has exited. */
  readonly closed: Promise<number | null>;
}

function npmInGroup(args: readonly string[], env: Record<string, string> = {}): GroupRun {
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

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'group-signal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('npm start -- --proxy, signalled as a process group', () => {
  let gateway: http.Server;
  let arrived: () => void = () => undefined;
  beforeAll(async () => {
    // A gateway that never answers: the exchange is still in flight when the signal comes.
    gateway = http.createServer(() => arrived());
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'writes the complete reports at a group %s with an exchange in flight, then exits',
    async (signal) => {
      const upstream = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/api/v1`;
      const run = npmInGroup(['start', '--', '--proxy', upstream, '--port', '0', '--report-dir', dir]);
      const [, baseUrl] = await run.waitFor(/listening on (\S+)/);
      const inFlight = new Promise<void>((resolve) => (arrived = resolve));
      const request = fetch(`${baseUrl}/model/openai/gpt-4o`, { headers: { authorization: 'Bearer k' } }).catch(
        () => undefined,
      );
      await inFlight;
      run.signal(signal);
      await run.closed;
      await request;
      expect(run.out()).toMatch(/^proxy: 1 exchange\(s\), \d+ violation\(s\); reports: /m);
      expect(readdirSync(dir).sort()).toEqual(['conformance.html', 'conformance.json', 'junit.xml']);
      const json = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as { requests: number };
      expect(json.requests).toBe(1);
      expect(readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toMatch(/<\/testsuites>\n$/);
    },
    60_000,
  );
});

describe('npm run conformance, signalled as a process group', () => {
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
