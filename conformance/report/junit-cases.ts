import type { SuiteResult } from '../run/run-suite';
import type { CheckResult, Failure } from '../engine/types';
import type { Summary } from './summarize';

/** One JUnit test case: what CI views list, one line each. */
export interface JunitCase {
  /** The test suite it belongs to (an operation). */
  readonly suite: string;
  /** Stable across runs: a scenario id, or for observed traffic `operation › check`. */
  readonly name: string;
  readonly seconds: number;
  /** When its first scenario started and its last ended (performance.now() ms), when the run timed them. */
  readonly span?: { readonly start: number; readonly end: number };
  readonly outcome: 'pass' | 'fail' | 'skip';
  /** The failures that fail it, each with the knock-on failures it explains on the same answer. */
  readonly failures: readonly FoldedFailure[];
  /** Why it is skipped: the scenario's reason, or the baseline's known failure. */
  readonly skipReason?: string;
}

export interface FoldedFailure {
  readonly failure: Failure;
  readonly knockOn: readonly Failure[];
}

const NOT_JUDGED = 'not judged by profile';

/** How a skipped case the profile does not judge begins: `not judged by profile openai`. */
export function notJudgedBy(profile: string): string {
  return `${NOT_JUDGED} ${profile}`;
}

/** The suite name of traffic whose request no operation of the spec takes. */
const NO_OPERATION = 'no operation';

/**
 * The run's test cases. A suite run: one per scenario, whatever number of checks and requests it
 * made. Observed traffic (the proxy) has no scenarios, only exchanges numbered as they came: one
 * case per operation and check, so that the names are the same from one run to the next.
 */
export function junitCases(result: SuiteResult, summary: Summary): JunitCase[] {
  const groups = new Map<string, { suite: string; name: string; results: CheckResult[]; scenarios: Set<string> }>();
  const suiteOf = new Map(result.scenarios.map((s) => [s.id, s.operationId]));
  // Planned scenarios first, in the run's order, so a scenario that recorded nothing is still listed.
  if (result.observed !== true)
    for (const s of result.scenarios)
      groups.set(s.id, { suite: s.operationId, name: s.id, results: [], scenarios: new Set([s.id]) });
  for (const r of summary.results) {
    const operation = r.operation === '-' ? NO_OPERATION : r.operation;
    const key = result.observed === true ? `${operation} › ${r.check}` : r.scenario;
    const suite = result.observed === true ? operation : (suiteOf.get(r.scenario) ?? operation);
    const group = groups.get(key) ?? { suite, name: key, results: [], scenarios: new Set<string>() };
    group.results.push(r);
    group.scenarios.add(r.scenario);
    groups.set(key, group);
  }
  const planned = new Map(result.scenarios.map((s) => [s.id, s]));
  return [...groups.values()].map(({ suite, name, results, scenarios }) => {
    const ms = [...scenarios].reduce((sum, id) => sum + (result.recorder.durations.get(id) ?? 0), 0);
    const seconds = Math.round(ms) / 1000;
    const span = spanOf(scenarios, result.recorder.spans);
    const failed = results.flatMap((r) => (r.outcome === 'fail' && r.failure ? [r.failure] : []));
    if (failed.length > 0) return { suite, name, seconds, span, outcome: 'fail', failures: foldKnockOn(failed) };
    const known = results.find((r) => r.outcome === 'known' && r.failure);
    if (known?.failure)
      return {
        suite,
        name,
        seconds,
        span,
        outcome: 'skip',
        failures: [],
        skipReason: `known failure (baseline): ${firstLine(known.failure.message)}`,
      };
    // Failures only the profile does not judge: skipped, saying so, never a plain pass.
    const unjudged = results.find((r) => r.outcome === 'skip' && r.reason?.startsWith(NOT_JUDGED) === true);
    if (unjudged) return { suite, name, seconds, span, outcome: 'skip', failures: [], skipReason: unjudged.reason };
    const ran = results.some((r) => r.outcome === 'pass');
    if (ran) return { suite, name, seconds, span, outcome: 'pass', failures: [] };
    const skipReason =
      results.find((r) => r.outcome === 'skip')?.reason ??
      planned.get(name)?.skipReason ??
      (result.incomplete ? `not run: ${result.incomplete.reason}` : 'not run');
    return { suite, name, seconds, span, outcome: 'skip', failures: [], skipReason };
  });
}

/** The first start and last end of `scenarios`, or undefined when none was timed. */
function spanOf(
  scenarios: ReadonlySet<string>,
  spans: ReadonlyMap<string, { start: number; end: number }>,
): { start: number; end: number } | undefined {
  let found: { start: number; end: number } | undefined;
  for (const id of scenarios) {
    const span = spans.get(id);
    if (span === undefined) continue;
    found =
      found === undefined
        ? { ...span }
        : { start: Math.min(found.start, span.start), end: Math.max(found.end, span.end) };
  }
  return found;
}

/**
 * The wall time of cases that may have run side by side (a JUnit suite's `time`): from the first
 * start to the last end, never their sum (createResponse's cases ran concurrently and summed to 817 s
 * in a 17.5 s run). Cases the run did not time add their own time.
 */
export function wallSeconds(cases: readonly JunitCase[]): number {
  const timed = cases.flatMap((c) => (c.span === undefined ? [] : [c.span]));
  const untimed = cases.filter((c) => c.span === undefined).reduce((sum, c) => sum + c.seconds, 0);
  if (timed.length === 0) return untimed;
  const start = Math.min(...timed.map((s) => s.start));
  const end = Math.max(...timed.map((s) => s.end));
  return Math.round(end - start) / 1000 + untimed;
}

/**
 * Each knock-on failure (`causedBy`) goes under the failure of its cause on the same answer; one
 * whose cause is not among them stands on its own.
 */
function foldKnockOn(failures: readonly Failure[]): FoldedFailure[] {
  const roots = failures.filter((f) => f.causedBy === undefined).map((f) => ({ failure: f, knockOn: [] as Failure[] }));
  const loose: FoldedFailure[] = [];
  for (const f of failures) {
    if (f.causedBy === undefined) continue;
    const root = roots.find((r) => r.failure.check === f.causedBy && sameAnswer(r.failure, f));
    if (root) root.knockOn.push(f);
    else loose.push({ failure: f, knockOn: [] });
  }
  return [...roots, ...loose];
}

function sameAnswer(a: Failure, b: Failure): boolean {
  return (
    a.request.method === b.request.method && a.request.url === b.request.url && a.received.status === b.received.status
  );
}

export function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
