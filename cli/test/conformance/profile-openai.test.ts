import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ConformanceReportJson } from '../../../conformance/report/report-json';
import { startFaultProxy } from '../../../conformance/test/faults/fault-proxy';
import type { FaultProxy } from '../../../conformance/test/faults/fault-proxy';
import { OPENAI_ONLY_GATEWAY } from '../../../conformance/test/faults/openai-only-gateway';
import { EXIT_PASS } from '../../run-conformance-cli';
import { cliHarness } from './support/cli-harness';

const { dir, cli, target, mockUrl } = cliHarness();
const reportDir = path.join(dir, 'openai');
const summaryFile = path.join(dir, 'summary.md');
let gateway: FaultProxy;
let run: { code: number; out: string; err: string };
let json: ConformanceReportJson;
let junit: string;

/**
 * A gateway of OpenAI's Responses API alone, as teams put one in front of the API: POST /responses
 * with OpenAI's members only, and a 404 in the error envelope for every other path.
 */
beforeAll(async () => {
  gateway = await startFaultProxy(mockUrl(), {
    ...OPENAI_ONLY_GATEWAY,
    answer: (req) =>
      req.path.startsWith('/responses')
        ? undefined
        : {
            status: 404,
            headers: { 'content-type': 'application/json' },
            body: { error: { code: 404, message: 'Not Found' } },
          },
  });
  run = await cli(
    [
      '--target',
      target(gateway.baseUrl, { managementKey: undefined }),
      '--report-dir',
      reportDir,
      '--profile',
      'openai',
      '--property-runs',
      '0',
    ],
    { CONFORMANCE_API_KEY: 'sk-mock-user', GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile },
  );
  json = JSON.parse(readFileSync(path.join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReportJson;
  junit = readFileSync(path.join(reportDir, 'junit.xml'), 'utf8');
}, 120_000);
afterAll(async () => {
  await gateway.close();
  rmSync(summaryFile, { force: true });
});

describe('--profile openai against a gateway of POST /responses alone', () => {
  it('passes without --only: GET /model and GET /embeddings/models are not judged', () => {
    expect(run.code).toBe(EXIT_PASS);
    expect(json).toMatchObject({ passed: true, profile: 'openai', failing: 0 });
    const unjudged = json.failures.filter((f) => f.operation === 'getModel' || f.operation === 'listEmbeddingsModels');
    expect(unjudged.length).toBeGreaterThan(0);
    expect(json.features.find((f) => f.id === 'core')?.status).toBe('supported');
  });

  it('lists the judged root causes first and marks the rest', () => {
    const judged = json.rootCauses.map((c) => c.judged);
    expect(judged).toContain(false);
    expect(judged).toEqual([...judged].sort((a, b) => Number(b) - Number(a)));
    expect(run.out).toMatch(/^\s+\d+\) \[not judged\] /m);
  });

  it('annotates unjudged causes as notices, never errors, and gives them a heading in the job summary', () => {
    expect(run.out).not.toMatch(/^::error /m);
    expect(run.out).toMatch(/^::notice title=Conformance%3A /m);
    expect(readFileSync(summaryFile, 'utf8')).toMatch(/^### Not judged by profile openai \(\d+\)$/m);
  });

  it('reports the ignored debug member under the debug feature, by a check named for the debug chunk', () => {
    const debug = json.failures.filter(
      (f) => f.request.body !== undefined && JSON.stringify(f.request.body).includes('echo_upstream_body'),
    );
    expect(debug.length).toBeGreaterThan(0);
    expect(debug.map((f) => f.check)).toContain('stream-debug-chunk-first');
    expect(debug.map((f) => f.check)).not.toContain('stream-lifecycle-order');
    for (const f of debug.filter((one) => one.check === 'stream-debug-chunk-first'))
      expect(f.features).toEqual(['debug']);
  });

  it('shows a scenario whose failures are all unjudged as skipped in junit.xml, saying why', () => {
    const scenario = json.scenarios.find((s) => s.operation === 'getModel' && s.outcome === 'fail');
    expect(scenario).toBeDefined();
    const id = scenario?.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') ?? '';
    expect(junit).toMatch(
      new RegExp(
        `<testcase classname="getModel" name="${id}"[^>]*>\\s*<skipped message="not judged by profile openai \\(getModel\\): `,
      ),
    );
  });
});
