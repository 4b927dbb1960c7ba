import type { SuiteResult } from '../run/run-suite';
import type { Summary } from './summarize';

/** What the traffic exercised of a list the document makes, and what it never did. */
export interface CoverageList {
  readonly exercised: readonly string[];
  readonly never: readonly string[];
}

/**
 * conformance.json's `coverage`: which operations, documented statuses, features and stream event
 * types the traffic exercised and which it never did; the same for the suite's runs, the proxy's
 * traffic, verify's files and merged reports (merge-reports takes the union of what was exercised).
 */
export interface CoverageJson {
  readonly operations: CoverageList;
  /** By operation: its documented statuses seen and never seen (`default` is never listed as never seen). */
  readonly statuses: Readonly<Record<string, CoverageList>>;
  /** Features of the API (`x-feature`): exercised when some verdict was about it (report/feature-matrix.ts). */
  readonly features: CoverageList;
  /** The event types the document names (kit/contract/event-types.ts); `undocumented`: types seen it does not name. */
  readonly eventTypes: CoverageList & {
    /** Every type the document names, in its order. */
    readonly documented: readonly string[];
    readonly undocumented: readonly string[];
  };
}

/** The coverage of one run, from its result and summary (the reports' one source: summarize.ts). */
export function coverageOf(result: SuiteResult, summary: Summary): CoverageJson {
  const statuses: Record<string, CoverageList> = {};
  const exercised: string[] = [];
  for (const op of result.operations) {
    const c = summary.coverage.get(op);
    if (c) statuses[op] = { exercised: c.observed, never: c.never };
    if ((result.recorder.observedStatuses.get(op)?.size ?? 0) > 0) exercised.push(op);
  }
  const rows = summary.features.features;
  const documented = result.eventTypes ?? [];
  const seen = [...result.recorder.observedEventTypes];
  return {
    operations: { exercised, never: result.operations.filter((op) => !exercised.includes(op)) },
    statuses,
    features: {
      exercised: rows.filter((row) => row.status !== 'not tested').map((row) => row.id),
      never: rows.filter((row) => row.status === 'not tested').map((row) => row.id),
    },
    eventTypes: {
      documented,
      exercised: documented.filter((type) => seen.includes(type)),
      never: documented.filter((type) => !seen.includes(type)),
      undocumented: seen.filter((type) => !documented.includes(type)).sort(),
    },
  };
}

/** The terminal's lines of a coverage: one per list, what was never exercised named. */
export function coverageLines(coverage: CoverageJson): string[] {
  const line = (what: string, list: CoverageList): string => {
    const all = list.exercised.length + list.never.length;
    return `  ${what}: ${list.exercised.length} of ${all} exercised${list.never.length > 0 ? `; never: ${list.never.join(', ')}` : ''}`;
  };
  const { undocumented } = coverage.eventTypes;
  return [
    'Coverage:',
    line('operations', coverage.operations),
    line('features', coverage.features),
    `${line('stream event types', coverage.eventTypes)}${undocumented.length > 0 ? `; not in the document: ${undocumented.join(', ')}` : ''}`,
  ];
}
