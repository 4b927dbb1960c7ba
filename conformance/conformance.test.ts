/**
 * The conformance suite as a jest run: the same scenarios and checks as `npm run conformance`,
 * one test per scenario, grouped by operation. Configured by CONFORMANCE_* variables (see
 * `npm run conformance -- --help`); without CONFORMANCE_TARGET and CONFORMANCE_BASE_URL it starts
 * the mock in-process, so `npm test` proves the mock conforms. Set CONFORMANCE_REPORT_DIR to also
 * write junit.xml and conformance.json. The property phase uses a fixed seed (CONFORMANCE_SEED
 * overrides it), so the tests and their results are the same on every run.
 */
import { parseCli } from './config/parse-cli';
import { resolveConfig } from './config/resolve-config';
import { runContract } from './config/run-contract';
import { planContext, planScenarios } from './run/run-suite';
import type { SuiteResult } from './run/run-suite';
import type { Failure } from './engine/types';
import { judged } from './report/feature-matrix';
import { summarize } from './report/summarize';
import { writeReports } from './report/write-reports';
import { runAgainstTarget } from './run-conformance';
import { startInProcessMock } from '../mocks/index';

/** The property phase draws from this seed unless CONFORMANCE_SEED says otherwise: same tests, same verdicts, every run. */
const FIXED_SEED = '20240601';
const config = resolveConfig(parseCli([], { CONFORMANCE_SEED: FIXED_SEED, ...process.env }));
const contract = runContract(config); // CONFORMANCE_SPEC, or the target file's spec, else the shipped one
const scenarios = planScenarios(planContext(contract, config));
const operations = [...new Set(scenarios.map((s) => s.operationId))];
let result: SuiteResult | undefined;

beforeAll(async () => {
  result = await runAgainstTarget(
    contract,
    config,
    { out: () => undefined, err: () => undefined },
    { startTarget: (loaded) => startInProcessMock({ contract: loaded }) },
  );
  if (process.env.CONFORMANCE_REPORT_DIR) writeReports(config.reportDir, result, summarize(result));
}, 120_000);

// A scenario the target cannot serve (it lacks what the scenario needs) is not a test here;
// its reason is printed, as the CLI prints it, so nothing is left out silently.
const skipped = scenarios.filter((s) => s.skipReason !== undefined);
if (skipped.length > 0) {
  console.warn(`Conformance scenarios skipped:\n${skipped.map((s) => `  ${s.id}: ${s.skipReason}`).join('\n')}`);
}

describe.each(operations)('%s', (operationId) => {
  for (const scenario of scenarios.filter((s) => s.operationId === operationId && s.skipReason === undefined)) {
    it(`${scenario.title} [${scenario.id}]`, () => {
      const results = result?.recorder.resultsOf(scenario.id) ?? [];
      expect(results.length).toBeGreaterThan(0);
      // CONFORMANCE_PROFILE=openai: failures of the features the profile does not judge are not this test's.
      const failing = results.filter((r) => r.failure && judged(config, r.features, r.operation));
      expect(failing.flatMap((r) => (r.failure ? [formatFailure(r.failure)] : []))).toEqual([]);
    });
  }
});

function formatFailure(f: Failure): string {
  return `${f.check} (spec ${f.rule}): ${f.message}\n  expected: ${f.expected}\n  received: ${f.received.status ?? 'no answer'} ${f.received.body.slice(0, 300)}\n  reproduce: ${f.curl}`;
}

describe('the run as a whole', () => {
  it('records no warning', () => {
    expect(result?.recorder.warnings.map(formatFailure)).toEqual([]);
  });

  it('judges the times of JSON answers and of streams', () => {
    const passed = new Set(result?.recorder.results.filter((r) => r.outcome === 'pass').map((r) => r.check));
    expect([...passed]).toEqual(expect.arrayContaining(['timestamps-plausible', 'stream-timestamps-plausible']));
  });
});
