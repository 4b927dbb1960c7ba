import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRecord } from '../../../kit/json/guards';
import { startStandInServer } from '../../../kit/test/support/stand-in-server';
import type { ConformanceReportJson } from '../../../conformance/report/report-json';
import { EXIT_CONFIG, EXIT_FAIL } from '../../run-conformance-cli';
import { startFaultProxy } from '../../../conformance/test/faults/fault-proxy';
import type { FaultProxy } from '../../../conformance/test/faults/fault-proxy';
import { cliHarness } from './support/cli-harness';

const { dir, cli, target, mockUrl } = cliHarness();
const KEYS = { CONFORMANCE_API_KEY: 'sk-mock-user', CONFORMANCE_MANAGEMENT_KEY: 'sk-mock-management' };

/** Answers 422 to invalid requests, and echoes the caller's Authorization header in a 500 to GET /model. */
function brokenGateway(): Promise<FaultProxy> {
  return startFaultProxy(mockUrl(), {
    response: (res, req) => {
      if (req.path.startsWith('/model/openai/gpt-4o') && res.status === 200)
        return {
          status: 500,
          headers: { 'content-type': 'application/json' },
          body: { error: { code: 500, message: `upstream refused ${req.headers.authorization ?? ''}` } },
        };
      return res.status === 400 && isRecord(res.body)
        ? { ...res, status: 422, body: { error: { code: 422, message: 'Unprocessable' } } }
        : res;
    },
  });
}

describe('reports', () => {
  it('exits 2 with one line, before any request, when the report folder cannot be written', async () => {
    let requests = 0;
    const server = await startStandInServer((_req, res) => {
      requests++;
      res.end();
    });
    const blocker = path.join(dir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    try {
      const { code, err } = await cli(
        ['--base-url', server.baseUrl, '--report-dir', path.join(blocker, 'reports')],
        KEYS,
      );
      expect(code).toBe(EXIT_CONFIG);
      expect(err.split('\n')).toEqual([
        expect.stringMatching(/^conformance: cannot write reports to .*a-file\/reports \(\w+\): give --report-dir/),
      ]);
      expect(requests).toBe(0);
    } finally {
      await server.close();
    }
  });

  describe('of a run against a broken gateway', () => {
    let run: { code: number; out: string; err: string };
    let reportDir: string;
    let json: ConformanceReportJson;
    let junit: string;
    let html: string;
    beforeAll(async () => {
      const proxy = await brokenGateway();
      try {
        reportDir = path.join(dir, 'broken');
        const file = target(proxy.baseUrl, { apiKey: undefined, managementKey: undefined });
        const only = 'limits/createResponse/user,rules/createResponse/store-true,catalog/getModel/model';
        run = await cli(['--target', file, '--report-dir', reportDir, '--only', only], {
          ...KEYS,
          CONFORMANCE_GUARDED_API_KEY: 'sk-mock-guarded',
          GITHUB_ACTIONS: 'true',
          GITHUB_STEP_SUMMARY: path.join(dir, 'step-summary.md'),
        });
        json = JSON.parse(readFileSync(path.join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReportJson;
        junit = readFileSync(path.join(reportDir, 'junit.xml'), 'utf8');
        html = readFileSync(path.join(reportDir, 'conformance.html'), 'utf8');
      } finally {
        await proxy.close();
      }
    });

    it('agree on the counts: terminal, junit.xml, conformance.json and conformance.html', () => {
      expect(run.code).toBe(EXIT_FAIL);
      const { pass, fail, skip, known } = json.totals;
      expect(fail).toBeGreaterThan(0);
      expect(known).toBe(0);
      const line = `FAIL: ${pass} passed, ${fail} failed, ${skip} skipped`;
      expect(run.out.split('\n').at(-1)).toBe(line);
      expect(html).toContain(`id="verdict">${line}</p>`);
      // JUnit counts scenarios (one test case each), the other reports check results.
      const count = (outcome: string) => json.scenarios.filter((s) => s.outcome === outcome).length;
      expect(junit).toMatch(
        new RegExp(
          `<testsuites name="conformance" tests="${json.scenarios.length}" failures="${count('fail')}" skipped="${count('skip') + count('known')}" errors="0"`,
        ),
      );
      expect((junit.match(/<testcase [^>]* time="\d+\.\d{3}">/g) ?? []).length).toBe(json.scenarios.length);
      expect((junit.match(/<failure /g) ?? []).length).toBe(count('fail'));
      expect(json.failures).toHaveLength(fail);
    });

    it("give each junit.xml testsuite its wall time, never more than the run's, not the sum of its concurrent cases", () => {
      const total = Number(/<testsuites [^>]*time="([\d.]+)"/.exec(junit)?.[1]);
      const suites = [...junit.matchAll(/<testsuite name="(\w+)"[^>]* time="([\d.]+)">([\s\S]*?)<\/testsuite>/g)];
      expect(suites.length).toBeGreaterThan(1);
      let summedPastWall = 0;
      for (const [, name, time, body] of suites) {
        const summed = [...(body ?? '').matchAll(/<testcase [^>]* time="([\d.]+)"/g)].reduce(
          (sum, m) => sum + Number(m[1]),
          0,
        );
        expect({ name, withinRun: Number(time) <= total + 0.001 }).toEqual({ name, withinRun: true });
        if (summed > Number(time) + 0.001) summedPastWall++;
      }
      // The cases of one operation ran side by side: their sum is more than the suite's wall time.
      expect(summedPastWall).toBeGreaterThan(0);
    });

    it('show the root causes first, each once with a reproduction, then every failure', () => {
      const cause = 'invalid requests answered 422 where the contract says 400';
      expect(json.rootCauses.map((g) => g.cause)).toContain(cause);
      const group = json.rootCauses.find((g) => g.cause === cause);
      expect(group?.curl).toMatch(/^curl /);
      expect(json.failures[group?.example ?? -1]?.cause).toBe(cause);
      expect(run.out.indexOf('Root causes (')).toBeGreaterThan(-1);
      expect(run.out.indexOf('Root causes (')).toBeLessThan(run.out.indexOf('Failures ('));
      expect(run.out).toMatch(new RegExp(`\\d+\\) \\d+ failures: ${cause}`));
      expect(html.indexOf('id="root-causes"')).toBeLessThan(html.indexOf('id="failures"'));
      expect(html).toContain(cause);
    });

    it('under GitHub Actions, annotate each root cause and append the verdict and causes to the job summary', () => {
      const cause = 'invalid requests answered 422 where the contract says 400';
      const annotations = run.out.split('\n').filter((line) => line.startsWith('::error '));
      expect(annotations).toHaveLength(json.rootCauses.length);
      expect(annotations).toContainEqual(
        expect.stringMatching(
          new RegExp(`^::error title=Conformance%3A [^:]+::\\d+ failures.*: ${cause}%0Areproduce: curl `),
        ),
      );
      const md = readFileSync(path.join(dir, 'step-summary.md'), 'utf8');
      const { pass, fail, skip } = json.totals;
      expect(md).toContain(`**FAIL: ${pass} passed, ${fail} failed, ${skip} skipped**`);
      expect(md).toContain(`### Root causes (${json.rootCauses.length})`);
      expect(md).toContain(cause);
      expect(md).toContain('```sh\n   curl ');
    });

    it('never show a key, in the terminal or any report, even one the gateway echoes', () => {
      expect(json.failures.some((f) => f.received.body.includes('upstream refused Bearer $API_KEY'))).toBe(true);
      const md = readFileSync(path.join(dir, 'step-summary.md'), 'utf8');
      for (const text of [run.out, run.err, JSON.stringify(json), junit, html, md])
        for (const key of ['sk-mock-user', 'sk-mock-management', 'sk-mock-guarded']) expect(text).not.toContain(key);
    });
  });

  it('warns that a key given as a flag shows in logs, and still runs', async () => {
    const { err } = await cli(
      ['--base-url', mockUrl(), '--api-key', 'sk-mock-user', '--only', 'catalog/getModel/model'],
      {},
    );
    expect(err).toContain(
      'conformance: warning: --api-key puts a key on the command line, where CI logs and the process list show it; use its CONFORMANCE_* variable',
    );
  });
});
