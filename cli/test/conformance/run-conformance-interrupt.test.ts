import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConformanceReportJson } from '../../../conformance/report/report-json';
import { startFaultProxy } from '../../../conformance/test/faults/fault-proxy';
import { cliHarness } from './support/cli-harness';

const { dir, cli, target, mockUrl } = cliHarness();

/** Runs against a gateway that, at its 20th request, has the run interrupted by `signal` (and never answers that one). */
async function interruptedRun(signal: 'SIGINT' | 'SIGTERM') {
  const interrupt = new AbortController();
  const proxy = await startFaultProxy(mockUrl(), {
    answer: (_req, n) => {
      if (n < 20) return undefined;
      interrupt.abort(signal);
      return 'hang';
    },
  });
  const reportDir = path.join(dir, signal);
  try {
    const run = await cli(
      ['--target', target(proxy.baseUrl), '--report-dir', reportDir],
      {},
      { signal: interrupt.signal },
    );
    const read = (name: string) => readFileSync(path.join(reportDir, name), 'utf8');
    return {
      ...run,
      json: JSON.parse(read('conformance.json')) as ConformanceReportJson,
      junit: read('junit.xml'),
      html: read('conformance.html'),
    };
  } finally {
    await proxy.close();
  }
}

describe('an interrupted run', () => {
  it('writes the partial report, marked incomplete, and exits 130 on SIGINT', async () => {
    const run = await interruptedRun('SIGINT');
    expect(run.code).toBe(130);
    expect(run.json).toEqual(
      expect.objectContaining({
        complete: false,
        passed: false,
        incomplete: { kind: 'interrupted', reason: 'interrupted by SIGINT' },
      }),
    );
    expect(run.json.requests).toBeGreaterThan(0);
    const notRun = run.json.scenarios.filter((s) => s.outcome === 'skip');
    expect(notRun.length).toBeGreaterThan(0);
    expect(new Set(notRun.map((s) => s.skipReason))).toEqual(new Set(['not run: interrupted by SIGINT']));
    expect(run.out).toContain('INCOMPLETE: interrupted by SIGINT; the results cover what ran before.');
    expect(run.out.split('\n').at(-1)).toMatch(/^INCOMPLETE: \d+ passed, 0 failed, 0 skipped$/);
    expect(run.junit).toContain('<property name="incomplete" value="interrupted by SIGINT"/>');
    expect(run.junit).toMatch(/<testsuites [^>]*errors="1"/);
    expect(run.junit).toContain('<error message="interrupted by SIGINT" type="incomplete">');
    expect(run.html).toContain('INCOMPLETE: interrupted by SIGINT');
  });

  it('exits 143 on SIGTERM', async () => {
    const run = await interruptedRun('SIGTERM');
    expect(run.code).toBe(143);
    expect(run.json.incomplete?.reason).toBe('interrupted by SIGTERM');
  });
});
