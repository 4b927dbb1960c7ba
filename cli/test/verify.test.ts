import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInProcessMock } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { ROOT, useCli } from './support/run-cli';

const REDOCLY_HAR = path.join(ROOT, 'proxy', 'test', 'fixtures', 'redocly-proxy.har');

/** Runs `model-gateway verify` (cli/model-gateway.ts) and waits for it. */
function verify(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join('cli', 'model-gateway.ts'), 'verify', ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '' },
    },
  );
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('model-gateway verify', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'verify-cli-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 for clean traffic and writes the reports and SARIF', () => {
    const sarif = path.join(dir, 'out', 'verify.sarif');
    const run = verify([REDOCLY_HAR, '--report-dir', dir, '--sarif', sarif]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(
      /^model-gateway verify: 4 exchange\(s\) under http:\/\/127\.0\.0\.1:4761\/api\/v1, 0 violation\(s\)/m,
    );
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
      target: { source: string };
    };
    expect(report.target.source).toBe('verify');
    expect(JSON.parse(readFileSync(sarif, 'utf8'))).toMatchObject({ version: '2.1.0', runs: [{ results: [] }] });
  });

  it('exits 1 when the traffic breaks the contract, a line per violation', () => {
    const har = JSON.parse(readFileSync(REDOCLY_HAR, 'utf8')) as {
      log: { entries: Array<{ response: { status: number } }> };
    };
    const entry = har.log.entries[0];
    if (entry) entry.response.status = 418;
    const file = path.join(dir, 'faulty.har');
    writeFileSync(file, JSON.stringify(har));
    const run = verify([file, '--report-dir', dir, '--sarif', path.join(dir, 'x.sarif')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^model-gateway verify: ✗ status-code-documented · getModel · GET \/api\/v1\/model\/openai\/gpt-4o → 418/m,
    );
    const sarif = JSON.parse(readFileSync(path.join(dir, 'x.sarif'), 'utf8')) as {
      runs: Array<{ results: Array<{ ruleId: string; level: string; locations: unknown[] }> }>;
    };
    expect(sarif.runs[0]?.results).toContainEqual(
      expect.objectContaining({ ruleId: 'status-code-documented', level: 'error' }),
    );
  });

  describe('a recorded request that breaks the contract (a client finding)', () => {
    /** The Redocly HAR whose first request lost its key, answered 401 as the contract says. */
    function keylessHar(): string {
      const har = JSON.parse(readFileSync(REDOCLY_HAR, 'utf8')) as {
        log: {
          entries: Array<{
            request: { headers: Array<{ name: string; value: string }> };
            response: { status: number; statusText: string; content: { size: number; text: string } };
          }>;
        };
      };
      const entry = har.log.entries[0];
      if (entry) {
        entry.request.headers = entry.request.headers.filter((h) => h.name.toLowerCase() !== 'authorization');
        const text = '{"error":{"code":401,"message":"Missing Authentication header"}}';
        Object.assign(entry.response, { status: 401, statusText: 'Unauthorized' });
        Object.assign(entry.response.content, { size: text.length, text });
      }
      const file = path.join(dir, 'keyless.har');
      writeFileSync(file, JSON.stringify(har));
      return file;
    }

    it.each([
      [undefined, 0],
      ['gateway', 0],
      ['client', 1],
      ['both', 1],
    ])('with --fail-on %s exits %i, as the proxy would, and reports it under its own heading', (who, code) => {
      const file = keylessHar();
      const sarif = path.join(dir, 'verify.sarif');
      const run = verify([
        file,
        '--report-dir',
        dir,
        '--sarif',
        sarif,
        ...(who === undefined ? [] : ['--fail-on', who]),
      ]);
      expect(run.code).toBe(code);
      expect(run.stderr).toMatch(/^model-gateway verify: ✗ \[client\] request-valid · getModel · GET /m);
      expect(run.stdout).toMatch(/^Client findings \(1\): recorded requests that break the contract/m);
      expect(run.stdout).toMatch(/, 0 violation\(s\) by the gateway, 1 client finding\(s\); reports: /);
      const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
        passed: boolean;
        clientFindings?: { count: number };
        coverage: { operations: { exercised: string[] }; statuses: Record<string, { exercised: string[] }> };
      };
      expect(report.passed).toBe(true);
      expect(report.clientFindings?.count).toBe(1);
      // The refused request counts as exercised, with the status it truly got on the wire.
      expect(report.coverage.operations.exercised).toContain('getModel');
      expect(report.coverage.statuses.getModel?.exercised).toEqual(['401']);
      // In SARIF a warning under a rule of its own, never the gateway's error.
      const results = (JSON.parse(readFileSync(sarif, 'utf8')) as { runs: Array<{ results: unknown[] }> }).runs[0]
        ?.results;
      expect(results).toEqual([expect.objectContaining({ ruleId: 'client/request-valid', level: 'warning' })]);
    });

    it('refuses an unknown --fail-on with one line and exit 2', () => {
      const run = verify([REDOCLY_HAR, '--fail-on', 'nobody']);
      expect(run.code).toBe(2);
      expect(run.stderr.trimEnd()).toBe(
        'model-gateway verify: --fail-on must be one of gateway, client, both, got "nobody" (see --help)',
      );
    });
  });

  it.each([
    ['an unreadable file', ['no-such-traffic.har'], /^model-gateway verify: no-such-traffic\.har: no such file$/],
    ['no FILE', [], /^model-gateway verify: give at least one FILE to verify \(see --help\)$/],
    ['an unknown option', ['--nope', 'x'], /^model-gateway verify: Unknown option '--nope'/],
  ])('exits 2 with one line for %s', (_, args, line) => {
    const run = verify(args);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd()).toMatch(line);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  describe('reading the HAR the proxy wrote (--har)', () => {
    let mock: RunningMock;
    const startCli = useCli();
    beforeAll(async () => {
      mock = await startInProcessMock();
    });
    afterAll(() => mock.close());

    it.each(['SIGINT', 'SIGTERM'] as const)(
      'finds a valid HAR after %s, which verify judges as the proxy did',
      async (signal) => {
        const har = path.join(dir, 'traffic.har');
        const cli = startCli(
          [
            '--proxy',
            mock.baseUrl,
            '--port',
            '0',
            '--report-dir',
            path.join(dir, 'proxy'),
            '--har',
            har,
            '--sarif',
            path.join(dir, 'proxy.sarif'),
          ],
          {},
          /^Model Gateway proxy listening on (\S+)$/m,
        );
        const { baseUrl } = await cli.ready;
        const res = await fetch(`${baseUrl}/responses`, {
          method: 'POST',
          headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hello', stream: true }),
        });
        await res.text();
        cli.child.kill(signal);
        const exit = await cli.exit;
        expect(exit.code).toBe(0);
        expect(exit.stdout).toMatch(/^Coverage:\n  operations: 1 of 4 exercised; never: /m);
        expect(JSON.parse(readFileSync(path.join(dir, 'proxy.sarif'), 'utf8'))).toMatchObject({
          version: '2.1.0',
          runs: [{ automationDetails: { id: 'proxy/' }, results: [] }],
        });
        const text = readFileSync(har, 'utf8');
        expect(text).not.toContain('sk-mock-user');
        const run = verify([har, '--report-dir', path.join(dir, 'verify')]);
        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(/model-gateway verify: 1 exchange\(s\) under .*, 0 violation\(s\)/);
      },
    );
  });
});
