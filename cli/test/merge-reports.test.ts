import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifyTraffic } from '../../proxy/index';
import type { ConformanceReport } from '../../conformance/index';
import { ROOT } from './support/run-cli';

const REDOCLY_HAR = path.join(ROOT, 'proxy', 'test', 'fixtures', 'redocly-proxy.har');

function mergeCli(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join('cli', 'model-gateway.ts'), 'merge-reports', ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '' },
    },
  );
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('model-gateway merge-reports', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'merge-reports-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Two replicas' reports: the same faulty answer seen by each, and a clean one. */
  async function replicaReports(): Promise<string[]> {
    const har = JSON.parse(readFileSync(REDOCLY_HAR, 'utf8')) as {
      log: { entries: Array<{ response: { status: number } }> };
    };
    const entry = har.log.entries[0];
    if (entry) entry.response.status = 418;
    const faulty = path.join(dir, 'faulty.har');
    writeFileSync(faulty, JSON.stringify(har));
    const dirs = [path.join(dir, 'replica-a'), path.join(dir, 'replica-b'), path.join(dir, 'clean')];
    (await verifyTraffic({ files: [faulty] })).writeReports(dirs[0] as string);
    (await verifyTraffic({ files: [faulty] })).writeReports(dirs[1] as string);
    (await verifyTraffic({ files: [REDOCLY_HAR] })).writeReports(dirs[2] as string);
    return dirs;
  }

  it('regroups the root causes of replicas, exits 1, and names each exchange by its replica', async () => {
    const [a, b, clean] = await replicaReports();
    const out = path.join(dir, 'merged');
    const run = mergeCli([
      a as string,
      b as string,
      clean as string,
      '--report-dir',
      out,
      '--sarif',
      path.join(out, 'm.sarif'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^model-gateway merge-reports: 3 report\(s\), 12 request\(s\), \d+ failing; failed; reports: /m,
    );
    const merged = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as ConformanceReport;
    const single = JSON.parse(readFileSync(path.join(a as string, 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(merged.rootCauses.map((g) => g.cause)).toEqual(single.rootCauses.map((g) => g.cause));
    expect(merged.rootCauses[0]?.failures).toBe(2 * (single.rootCauses[0]?.failures ?? 0));
    expect(merged.rootCauses[0]?.scenarios).toEqual([
      '[replica-a] #1 GET /model/openai/gpt-4o',
      '[replica-b] #1 GET /model/openai/gpt-4o',
    ]);
    expect(merged.failures[merged.rootCauses[0]?.example ?? -1]?.check).toBe(single.failures[0]?.check);
    expect(merged.totals.fail).toBe(2 * single.totals.fail);
    expect(readFileSync(path.join(out, 'conformance.html'), 'utf8')).toContain('merged: verify');
    expect(JSON.parse(readFileSync(path.join(out, 'm.sarif'), 'utf8'))).toMatchObject({ version: '2.1.0' });
    // One junit.xml: each replica's test cases, named by their replica as the exchanges are.
    const cases = (file: string) => readFileSync(file, 'utf8').match(/<testcase /g)?.length ?? 0;
    const junit = readFileSync(path.join(out, 'junit.xml'), 'utf8');
    expect(cases(path.join(out, 'junit.xml'))).toBe(
      [a, b, clean].reduce((n, d) => n + cases(path.join(d as string, 'junit.xml')), 0),
    );
    expect(junit).toMatch(/<testcase classname="getModel" name="\[replica-a\] getModel › [^"]+"[^>]*>\n {6}<failure /);
    expect(junit).toContain('name="[replica-b] getModel › ');
  });

  it('exits 0 when every report passed', async () => {
    const [, , clean] = await replicaReports();
    const run = mergeCli([
      clean as string,
      path.join(clean as string, 'conformance.json'),
      '--report-dir',
      path.join(dir, 'm'),
    ]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
  });

  it('merges the client findings of replicas under their own heading and exits 0 when each gateway passed', async () => {
    const har = JSON.parse(readFileSync(REDOCLY_HAR, 'utf8')) as {
      log: { entries: Array<{ request: { headers: Array<{ name: string }> }; response: Record<string, unknown> }> };
    };
    const entry = har.log.entries[0];
    if (entry) {
      // A request without its key, refused as the contract says: the client's finding, the gateway's pass.
      entry.request.headers = entry.request.headers.filter((h) => h.name.toLowerCase() !== 'authorization');
      const text = '{"error":{"code":401,"message":"Missing Authentication header"}}';
      Object.assign(entry.response, {
        status: 401,
        content: { size: text.length, mimeType: 'application/json', text },
      });
    }
    const keyless = path.join(dir, 'keyless.har');
    writeFileSync(keyless, JSON.stringify(har));
    const parts = ['replica-a', 'replica-b'].map((name) => path.join(dir, name));
    for (const part of parts) (await verifyTraffic({ files: [keyless] })).writeReports(part);
    const out = path.join(dir, 'merged');
    const run = mergeCli([...parts, '--report-dir', out, '--sarif', path.join(out, 'm.sarif')]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(
      /^model-gateway merge-reports: 2 report\(s\), \d+ request\(s\), 0 failing, 2 client finding\(s\); passed;/m,
    );
    const merged = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(merged.passed).toBe(true);
    expect(merged.clientFindings?.count).toBe(2);
    expect(merged.clientFindings?.causes).toEqual([expect.objectContaining({ count: 2 })]);
    expect(merged.clientFindings?.causes[0]?.title).toMatch(/^2 client findings: /);
    expect(merged.clientFindings?.findings.map((f) => f.scenario)).toEqual([
      '[replica-a] #1 GET /model/openai/gpt-4o',
      '[replica-b] #1 GET /model/openai/gpt-4o',
    ]);
    expect(readFileSync(path.join(out, 'conformance.html'), 'utf8')).toContain('<h2>Client findings (2)</h2>');
    const junit = readFileSync(path.join(out, 'junit.xml'), 'utf8');
    expect(junit.match(/<testsuite name="client findings"/g)).toHaveLength(1);
    expect(junit).toMatch(/<property name="client-finding" value="2 client findings: /);
    const sarif = JSON.parse(readFileSync(path.join(out, 'm.sarif'), 'utf8')) as {
      runs: Array<{ results: Array<{ ruleId: string; level: string }> }>;
    };
    expect(sarif.runs[0]?.results.map((r) => `${r.ruleId} ${r.level}`)).toEqual(['client/request-valid warning']);
  });

  it.each([
    [
      'a folder without a report',
      (d: string) => (mkdirSync(path.join(d, 'empty')), [path.join(d, 'empty'), '--report-dir', d]),
      /empty\/conformance\.json: no such file$/,
    ],
    ['no --report-dir', (d: string) => [d], /give --report-dir OUT/],
    [
      'a file that is not a report',
      (d: string) => (writeFileSync(path.join(d, 'x.json'), '{}'), [path.join(d, 'x.json'), '--report-dir', d]),
      /x\.json: not a conformance\.json/,
    ],
  ])('exits 2 with one line for %s', (_, args, line) => {
    const run = mergeCli(args(dir));
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd()).toMatch(line);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
