import type { SuiteResult } from '../engine/run-suite';
import type { Outcome } from '../engine/types';

export interface Tally {
  pass: number;
  fail: number;
  skip: number;
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
  readonly totals: Tally;
  /** operationId → check → tally. */
  readonly matrix: ReadonlyMap<string, ReadonlyMap<string, Tally>>;
  readonly checks: readonly string[];
  readonly coverage: ReadonlyMap<string, StatusCoverage>;
  /** scenario id → its worst outcome. */
  readonly scenarioOutcomes: ReadonlyMap<string, Outcome>;
}

/** Folds the recorded results into the tallies every report shows. */
export function summarize(result: SuiteResult): Summary {
  const totals: Tally = { pass: 0, fail: 0, skip: 0 };
  const matrix = new Map<string, Map<string, Tally>>(result.operations.map((op) => [op, new Map()]));
  const checks: string[] = [];
  const scenarioOutcomes = new Map<string, Outcome>();
  for (const r of result.recorder.results) {
    totals[r.outcome]++;
    const row = matrix.get(r.operation) ?? new Map<string, Tally>();
    matrix.set(r.operation, row);
    const tally = row.get(r.check) ?? { pass: 0, fail: 0, skip: 0 };
    tally[r.outcome]++;
    row.set(r.check, tally);
    if (!checks.includes(r.check)) checks.push(r.check);
    const previous = scenarioOutcomes.get(r.scenario);
    if (previous !== 'fail') scenarioOutcomes.set(r.scenario, r.outcome === 'fail' ? 'fail' : (previous ?? r.outcome));
  }
  return { totals, matrix, checks, coverage: statusCoverage(result), scenarioOutcomes };
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
