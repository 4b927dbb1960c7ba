import type { Failure } from '../engine/types';
import { clientFindingTitle } from './client-findings';
import type { CoverageJson, CoverageList } from './coverage';
import type { FeatureRow, FeatureStatus } from './feature-matrix';
import type { ConformanceReportJson, RootCauseJson } from './report-json';
import { rootCauseTitle, warningTitle } from './root-causes';
import type { StatusCoverage, Tally } from './summarize';

/** One report to merge and the name it goes by (its folder): observed traffic's ids are prefixed with it. */
export interface NamedReport {
  readonly name: string;
  readonly report: ConformanceReportJson;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The order a merged feature takes the worst status of its parts in (partial is decided by its members). */
const FEATURE_ORDER: readonly FeatureStatus[] = ['broken', 'partial', 'unsupported', 'supported', 'not tested'];

/**
 * One report from the reports of shards (`--shard I/N`), proxy replicas or verify runs, as if one
 * run had made it: totals, the operations-by-checks matrix and the feature matrix added up,
 * coverage joined (exercised anywhere is exercised), root causes regrouped by their cause (stable
 * across runs and seeds: failure-cause.ts), failures and scenarios listed one after the other.
 * Observed traffic numbers its exchanges from 1 in each report, so their ids are prefixed with the
 * report's name. Passed only when every part passed and, for shards, every share is there: each
 * part's own `passed`, which judges the gateway alone, so client findings (observed traffic's
 * requests that break the contract) are merged under their own heading and fail nothing. Root
 * causes a part's verdict counts (`judged`) come first; one judged in any part is judged.
 */
export function mergeReports(parts: readonly NamedReport[]): ConformanceReportJson {
  const first = parts[0]?.report;
  if (first === undefined) throw new Error('no report to merge');
  const renamed = parts.map(({ name, report }) => (report.seed === null ? prefixed(report, `[${name}] `) : report));
  const failures: Array<Failure & { known?: boolean }> = [];
  const offsets: number[] = [];
  for (const report of renamed) {
    offsets.push(failures.length);
    failures.push(...report.failures);
  }
  const missing = missingShards(renamed);
  const incomplete = renamed.flatMap((r) => (r.incomplete ? [r.incomplete.reason] : []));
  if (missing.length > 0) incomplete.push(`shard(s) ${missing.join(', ')} missing`);
  const seeds = new Set(renamed.map((r) => r.seed));
  const urls = [...new Set(renamed.map((r) => r.target.baseUrl))];
  const sources = [...new Set(renamed.map((r) => r.target.source))];
  const notInScope = renamed
    .map((r) => r.notInScope ?? [])
    .reduce((left, right) => left.filter((op) => right.includes(op)));
  const complete = incomplete.length === 0;
  const failing = sum(renamed.map((r) => r.failing));
  const warnings = mergeWarnings(renamed);
  const clientFindings = mergeClientFindings(renamed);
  const kept = renamed.some((r) => r.kept) ? mergeKept(renamed) : undefined;
  const operations = mergeOperations(renamed);
  const features = mergeFeatures(renamed.map((r) => r.features));
  const coverage = renamed.flatMap((r) => (r.coverage ? [r.coverage] : []));
  return {
    suite: first.suite,
    startedAt: renamed.map((r) => r.startedAt).sort()[0] ?? first.startedAt,
    durationMs: Math.max(...renamed.map((r) => r.durationMs)),
    target: {
      baseUrl: urls.join(', '),
      source: `merged: ${sources.join(', ')}`,
      model: first.target.model,
      embeddingsModel: first.target.embeddingsModel,
    },
    seed: seeds.size === 1 ? first.seed : null,
    requests: sum(renamed.map((r) => r.requests)),
    totals: addTallies(renamed.map((r) => r.totals)),
    passed: complete && renamed.every((r) => r.passed),
    complete,
    profile: first.profile,
    required: [...new Set(renamed.flatMap((r) => r.required))],
    failing,
    features,
    ...(complete ? {} : { incomplete: { kind: 'merged', reason: incomplete.join('; ') } }),
    ...(notInScope.length > 0 ? { notInScope } : {}),
    ...(coverage.length > 0 ? { coverage: mergeCoverage(coverage, operations, features) } : {}),
    operations,
    scenarios: renamed.flatMap((r) => r.scenarios),
    rootCauses: mergeRootCauses(renamed, offsets),
    ...(warnings ? { warnings } : {}),
    ...(clientFindings ? { clientFindings } : {}),
    ...(kept ? { kept } : {}),
    failures,
  };
}

/** The shares of a sharded run that are not among the reports (`2/4`), when any report is a shard. */
export function missingShards(reports: readonly ConformanceReportJson[]): string[] {
  const counts = new Set(reports.flatMap((r) => (r.shard ? [r.shard.count] : [])));
  const missing: string[] = [];
  for (const count of counts)
    for (let index = 1; index <= count; index++)
      if (!reports.some((r) => r.shard?.count === count && r.shard.index === index)) missing.push(`${index}/${count}`);
  return missing;
}

function prefixed(report: ConformanceReportJson, prefix: string): ConformanceReportJson {
  const rename = (id: string): string => `${prefix}${id}`;
  return {
    ...report,
    scenarios: report.scenarios.map((s) => ({ ...s, id: rename(s.id) })),
    failures: report.failures.map((f) => ({ ...f, scenario: rename(f.scenario) })),
    rootCauses: report.rootCauses.map((g) => ({ ...g, scenarios: g.scenarios.map(rename) })),
    ...(report.clientFindings
      ? {
          clientFindings: {
            ...report.clientFindings,
            findings: report.clientFindings.findings.map((f) => ({ ...f, scenario: rename(f.scenario) })),
          },
        }
      : {}),
  };
}

function mergeOperations(reports: readonly ConformanceReportJson[]): ConformanceReportJson['operations'] {
  const out: Record<string, { checks: Record<string, Tally>; statuses?: StatusCoverage }> = {};
  for (const report of reports)
    for (const [op, row] of Object.entries(report.operations)) {
      const merged = (out[op] ??= { checks: {} });
      for (const [check, tally] of Object.entries(row.checks))
        merged.checks[check] = addTallies([merged.checks[check] ?? zero(), tally]);
      if (row.statuses) merged.statuses = merged.statuses ? mergeStatuses(merged.statuses, row.statuses) : row.statuses;
    }
  return out;
}

function mergeStatuses(a: StatusCoverage, b: StatusCoverage): StatusCoverage {
  const documented = union(a.documented, b.documented);
  const seen = union(a.observed, b.observed);
  const observed = documented.filter((s) => seen.includes(s));
  return {
    documented,
    observed,
    never: documented.filter((s) => union(a.never, b.never).includes(s) && !observed.includes(s)),
    undocumented: union(a.undocumented, b.undocumented),
  };
}

/**
 * Exercised anywhere is exercised; each list in the order the merged report lists its items
 * (`order`: the operations, the feature rows, each operation's documented statuses, the event types).
 */
function mergeCoverage(
  all: readonly CoverageJson[],
  operations: ConformanceReportJson['operations'],
  features: readonly FeatureRow[],
): CoverageJson {
  const list = (lists: readonly CoverageList[], order: readonly string[]): CoverageList => {
    const exercised = union(...lists.map((l) => l.exercised));
    const known = union(order, ...lists.map((l) => [...l.exercised, ...l.never]));
    return {
      exercised: known.filter((x) => exercised.includes(x)),
      never: known.filter((x) => !exercised.includes(x)),
    };
  };
  const statuses: Record<string, CoverageList> = {};
  for (const op of union(...all.map((c) => Object.keys(c.statuses))))
    statuses[op] = list(
      all.flatMap((c) => (c.statuses[op] ? [c.statuses[op]] : [])),
      (operations[op]?.statuses?.documented ?? []).filter((s) => s !== 'default'),
    );
  const documented = union(...all.map((c) => c.eventTypes.documented ?? []));
  return {
    operations: list(
      all.map((c) => c.operations),
      Object.keys(operations),
    ),
    statuses,
    features: list(
      all.map((c) => c.features),
      features.map((f) => f.id),
    ),
    eventTypes: {
      ...list(
        all.map((c) => c.eventTypes),
        documented,
      ),
      documented,
      undocumented: union(...all.map((c) => c.eventTypes.undocumented)).sort(),
    },
  };
}

function mergeFeatures(all: ReadonlyArray<readonly FeatureRow[]>): FeatureRow[] {
  const rows = new Map<string, Mutable<FeatureRow>>();
  for (const features of all)
    for (const row of features) {
      const merged = rows.get(row.id);
      if (!merged) {
        rows.set(row.id, { ...row });
        continue;
      }
      merged.scenarios += row.scenarios;
      merged.failures += row.failures;
      if (row.known !== undefined) merged.known = (merged.known ?? 0) + row.known;
      merged.judged ||= row.judged;
      merged.status = worse(merged.status, row.status);
      if (row.working !== undefined || row.notWorking !== undefined) {
        merged.working = union(merged.working ?? [], row.working ?? []);
        merged.notWorking = union(merged.notWorking ?? [], row.notWorking ?? []);
      }
    }
  return [...rows.values()].map(withMembersJudged);
}

/**
 * A member not working in some part is not working, though it worked in another (replicas in
 * front of the same gateway should agree; one that does not shows the member unreliable). The
 * feature is partial when members remain on both sides, as in one run (feature-matrix.ts); a part's
 * partial whose working members all fail in another part is broken: none of them is seen to work.
 */
function withMembersJudged(row: Mutable<FeatureRow>): FeatureRow {
  if (row.working === undefined || row.notWorking === undefined) return row;
  const notWorking = row.notWorking;
  const working = row.working.filter((member) => !notWorking.includes(member));
  const status: FeatureStatus =
    working.length > 0 && notWorking.length > 0 ? 'partial' : row.status === 'partial' ? 'broken' : row.status;
  return { ...row, status, working, notWorking };
}

/** A feature broken anywhere is broken; supported in one part and not tested in another, supported. */
function worse(a: FeatureStatus, b: FeatureStatus): FeatureStatus {
  if (a === 'not tested') return b;
  if (b === 'not tested') return a;
  return FEATURE_ORDER.indexOf(a) <= FEATURE_ORDER.indexOf(b) ? a : b;
}

function mergeRootCauses(reports: readonly ConformanceReportJson[], offsets: readonly number[]): RootCauseJson[] {
  const groups = new Map<string, Mutable<RootCauseJson>>();
  reports.forEach((report, i) => {
    for (const group of report.rootCauses) {
      const merged = groups.get(group.cause);
      if (!merged) {
        groups.set(group.cause, { ...group, example: group.example + (offsets[i] ?? 0) });
        continue;
      }
      merged.failures += group.failures;
      merged.knockOn += group.knockOn;
      merged.checks = union(merged.checks, group.checks);
      merged.operations = union(merged.operations, group.operations);
      merged.scenarios = [...merged.scenarios, ...group.scenarios];
      merged.scenarioCount += group.scenarioCount;
      merged.known &&= group.known;
      merged.judged ||= group.judged;
    }
  });
  return [...groups.values()]
    .map((group) => ({ ...group, title: rootCauseTitle(group) }))
    .sort((a, b) => Number(b.judged) - Number(a.judged) || b.failures - a.failures);
}

/** Client findings of every part, regrouped by cause: their own heading, never the gateway's failures. */
function mergeClientFindings(reports: readonly ConformanceReportJson[]): ConformanceReportJson['clientFindings'] {
  const parts = reports.flatMap((r) => (r.clientFindings ? [r.clientFindings] : []));
  if (parts.length === 0) return undefined;
  const causes = new Map<string, number>();
  for (const part of parts) for (const c of part.causes) causes.set(c.cause, (causes.get(c.cause) ?? 0) + c.count);
  return {
    count: sum(parts.map((p) => p.count)),
    causes: [...causes]
      .sort((a, b) => b[1] - a[1])
      .map(([cause, count]) => ({ cause, count, title: clientFindingTitle({ cause, failures: count }) })),
    findings: parts.flatMap((p) => p.findings),
  };
}

function mergeWarnings(reports: readonly ConformanceReportJson[]): ConformanceReportJson['warnings'] {
  const parts = reports.flatMap((r) => (r.warnings ? [r.warnings] : []));
  if (parts.length === 0) return undefined;
  const causes = new Map<string, number>();
  for (const part of parts) for (const c of part.causes) causes.set(c.cause, (causes.get(c.cause) ?? 0) + c.count);
  return {
    count: sum(parts.map((p) => p.count)),
    causes: [...causes].map(([cause, count]) => ({ cause, count, title: warningTitle({ cause, failures: count }) })),
    findings: parts.flatMap((p) => p.findings),
  };
}

function mergeKept(reports: readonly ConformanceReportJson[]): NonNullable<ConformanceReportJson['kept']> {
  const kept = reports.flatMap((r) => (r.kept ? [r.kept] : []));
  const total = (key: Exclude<keyof (typeof kept)[number], 'limits'>): number => sum(kept.map((k) => k[key]));
  return {
    limits: kept[0]?.limits ?? { exchanges: 0, examplesPerCause: 0, causes: 0 },
    exchangesListed: total('exchangesListed'),
    exchangesCounted: total('exchangesCounted'),
    failuresListed: total('failuresListed'),
    failuresCounted: total('failuresCounted'),
    failuresUngrouped: total('failuresUngrouped'),
  };
}

function addTallies(tallies: readonly Tally[]): Tally {
  const out = zero();
  for (const t of tallies) for (const k of ['pass', 'fail', 'skip', 'known'] as const) out[k] += t[k];
  return out;
}

function zero(): Tally {
  return { pass: 0, fail: 0, skip: 0, known: 0 };
}

function union(...lists: ReadonlyArray<readonly string[]>): string[] {
  return [...new Set(lists.flat())];
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
