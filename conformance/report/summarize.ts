import type { SuiteResult } from '../run/run-suite';
import type { CheckResult, Outcome } from '../engine/types';
import { compareWithBaseline } from './baseline';
import type { Baseline, BaselineComparison } from './baseline';
import { featureMatrix, judged } from './feature-matrix';
import type { FeatureMatrix } from './feature-matrix';
import { rootCauses } from './root-causes';
import { judgedFirst } from './judged-causes';
import type { RootCause } from './root-causes';

export interface Tally {
  pass: number;
  fail: number;
  skip: number;
  /** Failures the baseline lists (`--baseline`): reported, not failing the run. */
  known: number;
}

export interface StatusCoverage {
  readonly documented: readonly string[];
  /** Documented statuses the run saw. */
  readonly observed: readonly string[];
  /** Documented statuses the run never provoked. */
  readonly never: readonly string[];
  /** Statuses seen that the operation does not document (each is also a failure). */
  readonly undocumented: readonly string[];
}

export interface Summary {
  /**
   * Every check result kept, in the order recorded, a failure the baseline lists as `known`. The
   * tallies below also count the results a bounded recorder only counted (Recorder.folded).
   */
  readonly results: readonly CheckResult[];
  readonly totals: Tally;
  /** operationId → check → tally. */
  readonly matrix: ReadonlyMap<string, ReadonlyMap<string, Tally>>;
  readonly checks: readonly string[];
  readonly coverage: ReadonlyMap<string, StatusCoverage>;
  /** scenario id → its worst outcome. */
  readonly scenarioOutcomes: ReadonlyMap<string, Outcome>;
  /** Failures grouped by cause, biggest first (known ones included). */
  readonly rootCauses: readonly RootCause[];
  /** Set when the run had a baseline. */
  readonly baseline?: BaselineComparison;
  /** Findings that do not fail the run (an idle connection's race, accepted drops), grouped by cause. */
  readonly warnings: readonly RootCause[];
  /** Observed traffic only: the client's requests that break the contract, grouped by cause (client-findings.ts). */
  readonly clientFindings: readonly RootCause[];
  /** The failures that fail the run: new ones, about a feature the profile judges or `--require` names. */
  readonly failing: number;
  /** Per feature of the API: supported, unsupported, broken (feature-matrix.ts); every report opens with it. */
  readonly features: FeatureMatrix;
}

const WORST: readonly Outcome[] = ['fail', 'known', 'pass', 'skip'];

export function emptyTally(): Tally {
  return { pass: 0, fail: 0, skip: 0, known: 0 };
}

/**
 * Folds the recorded results into the tallies every report shows: the terminal, junit.xml,
 * conformance.json and conformance.html all count from these, so they agree. With a baseline,
 * the failures it lists become `known`.
 */
export function summarize(result: SuiteResult, baseline?: Baseline): Summary {
  const results = result.recorder.results.map((r) =>
    r.failure && baseline?.knows(r.failure) ? { ...r, outcome: 'known' as const } : r,
  );
  const totals = emptyTally();
  const matrix = new Map<string, Map<string, Tally>>(result.operations.map((op) => [op, new Map()]));
  const checks: string[] = [];
  const scenarioOutcomes = new Map<string, Outcome>();
  for (const r of results) {
    totals[r.outcome]++;
    const row = matrix.get(r.operation) ?? new Map<string, Tally>();
    matrix.set(r.operation, row);
    const tally = row.get(r.check) ?? emptyTally();
    tally[r.outcome]++;
    row.set(r.check, tally);
    if (!checks.includes(r.check)) checks.push(r.check);
    const previous = scenarioOutcomes.get(r.scenario);
    if (previous === undefined || WORST.indexOf(r.outcome) < WORST.indexOf(previous))
      scenarioOutcomes.set(r.scenario, r.outcome);
  }
  const folded = result.recorder.folded;
  for (const [operation, byCheck] of folded?.tallies ?? []) {
    const row = matrix.get(operation) ?? new Map<string, Tally>();
    matrix.set(operation, row);
    for (const [check, more] of byCheck) {
      const tally = row.get(check) ?? emptyTally();
      for (const outcome of ['pass', 'fail', 'skip', 'known'] as const) {
        tally[outcome] += more[outcome];
        totals[outcome] += more[outcome];
      }
      row.set(check, tally);
      if (!checks.includes(check)) checks.push(check);
    }
  }
  const failures = result.recorder.failures();
  const ran = scenariosRun(result, scenarioOutcomes);
  return {
    results,
    totals,
    matrix,
    checks,
    coverage: statusCoverage(result),
    scenarioOutcomes,
    rootCauses: judgedFirst(rootCauses(failures, folded?.causes), failures, result.config),
    warnings: rootCauses(result.recorder.warnings),
    clientFindings: rootCauses(result.recorder.clientFindings),
    failing: results.filter((r) => r.outcome === 'fail' && judged(result.config, r.features, r.operation)).length,
    features: featureMatrix(result, results, folded?.features),
    ...(baseline ? { baseline: compareWithBaseline(baseline, failures, ran) } : {}),
  };
}

/** The scenarios that ran (not skipped), in a run that finished: what a baseline may call fixed. */
export function scenariosRun(result: SuiteResult, outcomes: ReadonlyMap<string, Outcome>): Set<string> {
  if (result.incomplete) return new Set();
  return new Set([...outcomes].filter(([, outcome]) => outcome !== 'skip').map(([scenario]) => scenario));
}

function statusCoverage(result: SuiteResult): Map<string, StatusCoverage> {
  const coverage = new Map<string, StatusCoverage>();
  for (const op of result.operations) {
    const documented = [...(result.documentedStatuses.get(op) ?? [])];
    const seen = [...(result.recorder.observedStatuses.get(op) ?? [])].sort();
    const covers = (key: string, status: string) =>
      key === status || (key.length === 3 && /xx$/i.test(key) && key[0] === status[0]);
    coverage.set(op, {
      documented,
      observed: documented.filter((key) => seen.some((s) => covers(key, s))),
      never: documented.filter((key) => !seen.some((s) => covers(key, s)) && key !== 'default'),
      undocumented: seen.filter((s) => !documented.some((key) => covers(key, s) || key === 'default')),
    });
  }
  return coverage;
}
