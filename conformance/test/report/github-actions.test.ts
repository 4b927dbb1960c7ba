import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { annotations, reportToGithubActions, summarySections, workflowCommand } from '../../report/github-actions';
import type { ConformanceReportJson } from '../../report/report-json';

const CURL = 'curl -sS -X POST \'http://gw.test/api/v1/responses\' -d \'{"a":"`x`"}\'';

function report(fields: Partial<ConformanceReportJson> = {}): ConformanceReportJson {
  const cause = (name: string, known: boolean) => ({
    cause: name,
    title: `2 failures: ${name}`,
    failures: 2,
    knockOn: 0,
    checks: ['status-matches-rule'],
    operations: ['createResponse'],
    scenarios: ['rules/createResponse/a'],
    scenarioCount: 1,
    known,
    judged: true,
    example: 0,
    curl: CURL,
  });
  return {
    suite: 'model-gateway-conformance',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1000,
    target: { baseUrl: 'http://gw.test/api/v1', source: 'command line', model: 'openai/gpt-4o', embeddingsModel: null },
    seed: 7,
    requests: 12,
    totals: { pass: 10, fail: 2, skip: 0, known: 2 },
    passed: false,
    complete: true,
    profile: 'full',
    required: [],
    failing: 2,
    features: [],
    operations: {},
    scenarios: [],
    rootCauses: [cause('invalid requests answered 422 where the contract says 400', false), cause('old', true)],
    failures: [],
    ...fields,
  };
}

describe('GitHub Actions output', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'gha-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['percent signs, CR and LF in the message', 'a%b\r\nc', 'T', '::error title=T::a%25b%0D%0Ac'],
    ['colons and commas in the title', 'm', 'a: b, c%', '::error title=a%3A b%2C c%25::m'],
  ])('escapes %s', (_what, message, title, want) => {
    expect(workflowCommand('error', title, message)).toBe(want);
  });

  it('annotates each root cause the baseline does not list, on one line with its reproduction', () => {
    const lines = annotations(report());
    expect(lines).toEqual([
      `::error title=Conformance%3A status-matches-rule::2 failures: invalid requests answered 422 where the contract says 400%0Areproduce: ${CURL}`,
    ]);
  });

  it('annotates an incomplete run', () => {
    const lines = annotations(
      report({ complete: false, incomplete: { kind: 'interrupted', reason: 'interrupted by SIGTERM' } }),
    );
    expect(lines[0]).toBe('::error title=Conformance run incomplete::interrupted by SIGTERM');
  });

  it('appends the verdict and each root cause with a reproduction to the job summary', () => {
    const file = path.join(dir, 'summary.md');
    writeFileSync(file, '# before\n');
    const out: string[] = [];
    reportToGithubActions(
      report(),
      { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: file },
      { out: (l) => out.push(l), err: (l) => out.push(l) },
    );
    const md = readFileSync(file, 'utf8');
    expect(md.startsWith('# before\n\n## Model Gateway conformance (suite): http://gw.test/api/v1')).toBe(true);
    expect(md).toContain('**FAIL: 10 passed, 2 failed, 2 known, 0 skipped** · 12 requests · seed 7');
    expect(md).toContain('### Root causes (1)');
    expect(md).toContain('1. **2 failures: invalid requests answered 422 where the contract says 400**');
    expect(md).toContain(`   \`\`\`sh\n   ${CURL}\n   \`\`\``);
    expect(md).not.toContain('old');
    expect(out).toHaveLength(1);
  });

  it('puts the feature matrix between the verdict and the root causes', () => {
    const sections = summarySections(
      report({
        features: [
          { id: 'core', status: 'supported', scenarios: 9, failures: 0, judged: true, members: [] },
          { id: 'plugins', status: 'unsupported', scenarios: 4, failures: 4, judged: true, members: ['plugins'] },
        ],
      }),
    );
    expect(sections).toHaveLength(3);
    expect(sections[1]).toContain('**Features**');
    expect(sections[1]).toMatch(/\| plugins \| `plugins` \| .* unsupported \| 4 \| 4 \|/);
    expect(sections[2]).toContain('### Root causes (1)');
  });

  it('takes sections a caller puts before its own', () => {
    const file = path.join(dir, 'summary.md');
    const sections = ['### Features\n\n| a | b |', ...summarySections(report())];
    reportToGithubActions(
      report(),
      { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: file },
      { out: () => undefined, err: () => undefined },
      sections,
    );
    expect(readFileSync(file, 'utf8')).toMatch(/^\n### Features\n\n\| a \| b \|\n\n## Model Gateway conformance/);
  });

  it('writes and prints nothing outside GitHub Actions', () => {
    const file = path.join(dir, 'summary.md');
    const out: string[] = [];
    reportToGithubActions(
      report(),
      { GITHUB_STEP_SUMMARY: file },
      { out: (l) => out.push(l), err: (l) => out.push(l) },
    );
    expect(out).toEqual([]);
    expect(() => readFileSync(file)).toThrow();
  });
});
