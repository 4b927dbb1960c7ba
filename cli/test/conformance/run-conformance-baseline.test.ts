import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isRecord } from '../../../kit/json/guards';
import type { BaselineFile } from '../../../conformance/report/baseline';
import type { ConformanceReportJson } from '../../../conformance/report/report-json';
import { EXIT_CONFIG, EXIT_FAIL, EXIT_PASS } from '../../run-conformance-cli';
import { startFaultProxy } from '../../../conformance/test/faults/fault-proxy';
import type { Fault } from '../../../conformance/test/faults/fault-proxy';
import { cliHarness } from './support/cli-harness';

const { dir, cli, target, mockUrl } = cliHarness();
const ONLY = ['--only', 'limits/createResponse/user,rules/createResponse/store,catalog/getModel/model'];
const CAUSE_422 = 'invalid requests answered 422 where the contract says 400';

/** Invalid requests get 422; with `acceptStoreTrue`, `store: true` is also let through (answered 200). */
function gateway(acceptStoreTrue: boolean): Fault {
  return {
    request: (req) =>
      acceptStoreTrue && isRecord(req.body) && req.body.store === true
        ? { ...req, body: { ...req.body, store: false } }
        : req,
    response: (res) =>
      res.status === 400 ? { ...res, status: 422, body: { error: { code: 422, message: 'Unprocessable' } } } : res,
  };
}

async function runAgainst(fault: Fault | undefined, baseline: string, update = false) {
  const proxy = fault ? await startFaultProxy(mockUrl(), fault) : undefined;
  const reportDir = path.join(dir, Math.random().toString(36).slice(2));
  try {
    const argv = ['--target', target(proxy?.baseUrl ?? mockUrl()), '--report-dir', reportDir, ...ONLY];
    const run = await cli([...argv, '--baseline', baseline, ...(update ? ['--baseline-update'] : [])]);
    const json = JSON.parse(readFileSync(path.join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReportJson;
    return { ...run, json, junit: readFileSync(path.join(reportDir, 'junit.xml'), 'utf8') };
  } finally {
    await proxy?.close();
  }
}

describe('--baseline', () => {
  const baseline = path.join(dir, 'baseline.json');

  it('refuses a baseline file that does not exist, unless asked to write it', async () => {
    const { code, err } = await cli(['--target', target(mockUrl()), '--baseline', path.join(dir, 'missing.json')]);
    expect(code).toBe(EXIT_CONFIG);
    expect(err).toContain('--baseline-update');
    expect(existsSync(path.join(dir, 'missing.json'))).toBe(false);
  });

  it("records today's failures by root cause with --baseline-update, and exits 0", async () => {
    const run = await runAgainst(gateway(false), baseline, true);
    expect(run.code).toBe(EXIT_PASS);
    const file = JSON.parse(readFileSync(baseline, 'utf8')) as BaselineFile;
    expect(file.rootCauses.map((e) => e.cause)).toEqual([CAUSE_422]);
    expect(file.rootCauses[0]?.scenarios).toEqual(
      expect.arrayContaining([
        'rules/createResponse/store-true',
        expect.stringMatching(/^limits\/createResponse\/user/),
      ]),
    );
  });

  it('reports those failures as known, and passes, when nothing else changed', async () => {
    const run = await runAgainst(gateway(false), baseline);
    expect(run.code).toBe(EXIT_PASS);
    expect(run.json.totals.fail).toBe(0);
    expect(run.json.totals.known).toBeGreaterThan(0);
    expect(run.json.baseline).toEqual(expect.objectContaining({ known: [CAUSE_422], added: [], fixed: [] }));
    expect(run.out).toMatch(/\[known\] \d+ failures: invalid requests answered 422/);
    expect(run.out.split('\n').at(-1)).toMatch(/^PASS: \d+ passed, 0 failed, \d+ known, 0 skipped$/);
    expect(run.junit).toContain('skipped message="known failure (baseline)');
  });

  it('fails on a new root cause only, naming it', async () => {
    const run = await runAgainst(gateway(true), baseline);
    expect(run.code).toBe(EXIT_FAIL);
    expect(run.json.baseline?.added).toEqual(['invalid requests answered 200 where the contract says 400']);
    expect(run.json.totals.fail).toBe(1);
    expect(run.out).toContain('new: invalid requests answered 200 where the contract says 400');
  });

  it('reports a fixed root cause, and drops it on --baseline-update', async () => {
    const run = await runAgainst(undefined, baseline);
    expect(run.code).toBe(EXIT_PASS);
    expect(run.json.baseline?.fixed).toEqual([CAUSE_422]);
    expect(run.out).toContain(`fixed: ${CAUSE_422} (--baseline-update drops it)`);
    await runAgainst(undefined, baseline, true);
    expect((JSON.parse(readFileSync(baseline, 'utf8')) as BaselineFile).rootCauses).toEqual([]);
  });
});
