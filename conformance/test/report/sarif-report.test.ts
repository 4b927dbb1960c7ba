import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import { SPEC_PATH } from '../../../kit/contract/contract';
import { runConformance, sarifReport } from '../../index';
import type { ConformanceReport } from '../../index';

interface Sarif {
  version: string;
  runs: Array<{
    tool: { driver: { name: string; rules: Array<{ id: string }> } };
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }>;
      partialFingerprints: Record<string, string>;
    }>;
  }>;
}

describe('SARIF 2.1.0 from a report', () => {
  let mock: RunningMock;
  let dir: string;
  let report: ConformanceReport;
  beforeAll(async () => {
    mock = await startInProcessMock();
    dir = mkdtempSync(path.join(os.tmpdir(), 'sarif-'));
    report = await runConformance({
      baseUrl: mock.baseUrl,
      apiKey: 'sk-mock-user',
      only: 'getModel',
      seed: 5,
      propertyRuns: 0,
      sarif: path.join(dir, 'suite.sarif'),
    });
  }, 60_000);
  afterAll(async () => {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The report with one root cause more: getModel answered 418, its example the failure added. */
  function withFailure(known: boolean, judged = true): ConformanceReport {
    const failure = {
      check: 'status-code-documented',
      operation: 'getModel',
      scenario: 'getModel/unknown-model',
      rule: '#/paths/~1model~1{author}~1{slug}/get/responses',
      message: 'status 418 is not documented',
      request: { method: 'GET', url: '/model/a/b', headers: {} },
      received: { status: 418, headers: {}, body: '' },
      expected: 'a documented status',
      curl: 'curl "$BASE_URL/model/a/b"',
    };
    const cause = {
      cause: 'status 418 where the contract documents none',
      title: '1 failure: status 418 where the contract documents none',
      failures: 1,
      knockOn: 0,
      checks: ['status-code-documented'],
      operations: ['getModel'],
      scenarios: ['getModel/unknown-model'],
      scenarioCount: 1,
      known,
      judged,
      example: 0,
      curl: failure.curl,
    };
    return { ...report, failures: [failure], rootCauses: [cause] };
  }

  it('is written by the suite with --sarif: a clean run has no result', () => {
    const sarif = JSON.parse(readFileSync(path.join(dir, 'suite.sarif'), 'utf8')) as Sarif;
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]?.tool.driver.name).toBe('model-gateway-conformance');
    expect(sarif.runs[0]?.results).toEqual([]);
  });

  it('gives one result per root cause, at the line of its operation in the spec', () => {
    const sarif = sarifReport(withFailure(false), SPEC_PATH) as Sarif;
    const [result] = sarif.runs[0]?.results ?? [];
    const line =
      readFileSync(SPEC_PATH, 'utf8')
        .split('\n')
        .findIndex((l) => /operationId:\s*getModel\b/.test(l)) + 1;
    expect(line).toBeGreaterThan(1);
    expect(result).toMatchObject({ ruleId: 'status-code-documented', level: 'error', ruleIndex: 0 });
    expect(result?.locations[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: 'spec/openapi.yaml' },
      region: { startLine: line },
    });
    expect(result?.message.text).toContain('status 418 is not documented');
    expect(sarif.runs[0]?.tool.driver.rules.map((r) => r.id)).toEqual(['status-code-documented']);
  });

  it('fingerprints a root cause by its cause alone, and shows a known one as a note', () => {
    const one = sarifReport(withFailure(false), SPEC_PATH) as Sarif;
    const known = sarifReport(withFailure(true), SPEC_PATH) as Sarif;
    expect(known.runs[0]?.results[0]?.level).toBe('note');
    expect(known.runs[0]?.results[0]?.partialFingerprints).toEqual(one.runs[0]?.results[0]?.partialFingerprints);
  });

  it("shows a root cause the run's profile does not judge as a note, not an error", () => {
    const unjudged = sarifReport(withFailure(false, false), SPEC_PATH) as Sarif;
    expect(unjudged.runs[0]?.results[0]?.level).toBe('note');
  });
});
