import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startInProcessMock } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { ConfigError, runConformanceOnTarget } from '../index';

describe('runConformanceOnTarget(options), the suite from code', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startInProcessMock();
  });
  afterAll(() => mock.close());

  it('resolves to the report conformance.json holds, and writes no file unless asked', async () => {
    // Run from an empty directory: the CLI would write reports/conformance/ into it.
    const cwd = process.cwd();
    const empty = mkdtempSync(path.join(tmpdir(), 'conformance-api-cwd-'));
    process.chdir(empty);
    const report = await runConformanceOnTarget({
      baseUrl: mock.baseUrl,
      apiKey: 'sk-mock-user',
      managementKey: 'sk-mock-management',
      only: ['getModel', 'listEmbeddingsModels'],
      seed: 7,
      propertyRuns: 2,
    }).finally(() => process.chdir(cwd));
    expect(readdirSync(empty)).toEqual([]);
    expect(report).toMatchObject({ suite: 'model-gateway-conformance', passed: true, seed: 7, failures: [] });
    expect(report.target.baseUrl).toBe(mock.baseUrl);
    expect(report.totals.pass).toBeGreaterThan(0);
    expect(new Set(report.scenarios.map((s) => s.operation))).toEqual(new Set(['getModel', 'listEmbeddingsModels']));
  });

  it('runs against the target its caller starts, and writes the reports into reportDir', async () => {
    const reportDir = mkdtempSync(path.join(tmpdir(), 'conformance-api-'));
    const started: string[] = [];
    const report = await runConformanceOnTarget({
      only: 'getModel',
      seed: 3,
      propertyRuns: 0,
      reportDir,
      startTarget: (contract) => startInProcessMock({ contract }),
      log: (line) => started.push(line),
    });
    expect(report.passed).toBe(true);
    expect(started[0]).toMatch(/^conformance: started the mock in-process at http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    // Then progress per operation, as the CLI prints it on stderr.
    expect(started.slice(1)).toContainEqual(
      expect.stringMatching(/^conformance: getModel: \d+\/\d+ scenario\(s\) done/),
    );
    expect(JSON.parse(readFileSync(path.join(reportDir, 'conformance.json'), 'utf8'))).toEqual(report);
  });

  it.each([
    [
      'a setting out of range',
      {
        given: { baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: 'k', concurrency: 0 },
        want: /concurrency must be an integer from 1 to 64/,
      },
    ],
    ['no target at all', { given: {}, want: /no target: give --target, --base-url/ }],
  ])('rejects with a ConfigError for %s', async (_name, { given, want }) => {
    const run = runConformanceOnTarget(given);
    await expect(run).rejects.toBeInstanceOf(ConfigError);
    await expect(run).rejects.toThrow(want);
  });

  it('writes the three reports, the reason in each, before it rejects for a target that does not answer', async () => {
    const reportDir = mkdtempSync(path.join(tmpdir(), 'conformance-api-unreachable-'));
    const run = runConformanceOnTarget({
      baseUrl: 'http://127.0.0.1:9/api/v1',
      apiKey: 'k',
      only: 'getModel',
      reportDir,
    });
    await expect(run).rejects.toThrow(/is unreachable/);
    expect(readdirSync(reportDir).sort()).toEqual(['conformance.html', 'conformance.json', 'junit.xml']);
    const json = JSON.parse(readFileSync(path.join(reportDir, 'conformance.json'), 'utf8')) as {
      incomplete?: { kind: string; reason: string };
    };
    expect(json.incomplete).toEqual({ kind: 'not-started', reason: expect.stringMatching(/is unreachable/) });
    expect(readFileSync(path.join(reportDir, 'junit.xml'), 'utf8')).toContain('type="incomplete"');
  });
});
