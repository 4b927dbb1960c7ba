import type { CheckFamily, CheckResult, Exchange, Failure } from './types';
import { isOutsideOperation } from './outside-operation';

export interface SkippedScenario {
  readonly scenario: string;
  readonly operation: string;
  readonly reason: string;
}

/** Outcome counts of one operation and check, as the reports tally them. */
export interface FoldedTally {
  pass: number;
  fail: number;
  skip: number;
  known: number;
}

/** What a root cause's failures that were counted but not kept add to its group. */
export interface FoldedCause {
  failures: number;
  knockOn: number;
  scenarios: number;
  readonly checks: Set<string>;
  readonly operations: Set<string>;
}

/** What the results of a feature that were counted but not kept add to the feature matrix. */
export interface FoldedFeature {
  /** Exchanges not kept that judged the feature. */
  scenarios: number;
  failures: number;
  /** Failures not kept that are not only the feature ignored (FeatureStatus `broken` when > 0). */
  acted: number;
}

/**
 * What a bounded recorder (observed traffic: conformance/observe/bounded-recorder.ts) counted
 * without keeping the results themselves, so that the reports' totals still cover every exchange.
 */
export interface FoldedResults {
  /** The bounds: exchanges listed in full, exchanges kept per cause after those, distinct causes. */
  readonly limits: { readonly exchanges: number; readonly examplesPerCause: number; readonly causes: number };
  /** operationId, then check: the results not kept. */
  readonly tallies: Map<string, Map<string, FoldedTally>>;
  /** By cause: its failures not kept. */
  readonly causes: Map<string, FoldedCause>;
  /** By feature: the verdicts not kept, for the feature matrix. */
  readonly features: Map<string, FoldedFeature>;
  /** Failures of causes past the cap on distinct causes: in the tallies, in no group. */
  ungrouped: number;
  /** Exchanges seen but not listed (no scenario, no result of theirs kept). */
  unlisted: number;
}

/** Distinct stream event types a run keeps for its coverage. */
const MAX_EVENT_TYPES = 200;

/** Collects the results of one run. One recorder per run; nothing is shared between runs. */
export class Recorder {
  readonly results: CheckResult[] = [];
  /** Set by a recorder that keeps a bounded part of the results and counts the rest. */
  readonly folded?: FoldedResults;
  readonly skipped: SkippedScenario[] = [];
  /**
   * Findings that do not fail the run but every report counts and shows: an idle kept-alive
   * connection the gateway closed (transport-findings.ts), drops the user accepted.
   */
  readonly warnings: Failure[] = [];
  /**
   * Observed traffic only: requests the client sent that break the contract. They are the client's
   * findings, not the gateway's: no tally, feature or root cause counts them (a bounded part is kept).
   */
  readonly clientFindings: Failure[] = [];
  /** Client findings counted, kept or not. */
  clientFindingCount = 0;
  /** By operationId: the statuses observed (as strings, like the document's keys). */
  readonly observedStatuses = new Map<string, Set<string>>();
  /** Stream event types seen (each event's `type`), for the reports' coverage; bounded: a gateway may invent many. */
  readonly observedEventTypes = new Set<string>();
  /** By scenario id: the number of check results it produced (a scenario must produce some). */
  private readonly perScenario = new Map<string, number>();
  /** By scenario id: the time it took, in ms (JUnit's `time` on each test case). */
  readonly durations = new Map<string, number>();
  exchanges = 0;

  /**
   * By scenario id: when it started and ended (performance.now() ms), the first start and last end
   * if it ran more than once; a JUnit suite's `time` is its cases' wall time, from these.
   */
  readonly spans = new Map<string, { start: number; end: number }>();

  /** Adds `ms` to the scenario's time: a scenario's run, or an observed exchange. */
  timed(scenario: string, ms: number): void {
    this.durations.set(scenario, (this.durations.get(scenario) ?? 0) + ms);
  }

  /** The scenario ran from `start` to `end` (performance.now() ms): its time, and its place in the run's wall time. */
  ran(scenario: string, start: number, end: number): void {
    this.timed(scenario, end - start);
    const span = this.spans.get(scenario);
    if (span === undefined) this.spans.set(scenario, { start, end });
    else {
      span.start = Math.min(span.start, start);
      span.end = Math.max(span.end, end);
    }
  }

  noteExchange(exchange: Exchange): void {
    this.exchanges++;
    for (const event of exchange.stream?.events ?? []) {
      const json = event.json as { type?: unknown } | undefined;
      if (typeof json?.type === 'string' && this.observedEventTypes.size < MAX_EVENT_TYPES)
        this.observedEventTypes.add(json.type);
    }
    const status = exchange.response?.status;
    // An undocumented method or malformed HTTP is not the operation's traffic (outside-operation.ts).
    if (status === undefined || isOutsideOperation(exchange.operation)) return;
    const seen = this.observedStatuses.get(exchange.operation.operationId) ?? new Set<string>();
    seen.add(String(status));
    this.observedStatuses.set(exchange.operation.operationId, seen);
  }

  /** `members`: the members of `features` the judged request carried (the matrix's per-member evidence). */
  pass(
    check: string,
    family: CheckFamily,
    operation: string,
    scenario: string,
    features?: readonly string[],
    members?: readonly string[],
  ): void {
    this.add({
      check,
      family,
      operation,
      scenario,
      outcome: 'pass',
      ...(features ? { features } : {}),
      ...(members && members.length > 0 ? { members } : {}),
    });
  }

  fail(family: CheckFamily, failure: Failure): void {
    this.add({
      check: failure.check,
      family,
      operation: failure.operation,
      scenario: failure.scenario,
      outcome: 'fail',
      failure,
      ...(failure.features ? { features: failure.features } : {}),
    });
  }

  warn(failure: Failure): void {
    this.warnings.push(failure);
  }

  skip(scenario: string, operation: string, reason: string): void {
    this.skipped.push({ scenario, operation, reason });
    this.add({ check: 'scenario', family: 'rules', operation, scenario, outcome: 'skip', reason });
  }

  failures(): Failure[] {
    return this.results.flatMap((r) => (r.failure ? [r.failure] : []));
  }

  resultsOf(scenario: string): CheckResult[] {
    return this.results.filter((r) => r.scenario === scenario);
  }

  countFor(scenario: string): number {
    return this.perScenario.get(scenario) ?? 0;
  }

  private add(result: CheckResult): void {
    this.results.push(result);
    this.perScenario.set(result.scenario, (this.perScenario.get(result.scenario) ?? 0) + 1);
  }
}
