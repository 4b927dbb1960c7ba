import { Recorder } from '../engine/recorder';
import type { FoldedFeature, FoldedResults } from '../engine/recorder';
import { CORE_FEATURE } from '../../kit/contract/core-members';
import type { CheckFamily, Exchange, Failure } from '../engine/types';
import { causeOf } from '../engine/failure-cause';
import type { ObservedBounds } from './observed-bounds';

/**
 * Distinct root causes kept: each adds at most `examplesPerCause` exchanges. Past it (a gateway
 * whose every answer breaks the spec its own way) failures are still counted, in no group.
 */
export const MAX_CAUSES = 500;

/**
 * The recorder of traffic the suite did not send, which may run for a day: its memory does not
 * grow with the exchanges. It keeps every result of the first `exchanges` exchanges, and then,
 * for each root cause, every failure of its first `examplesPerCause` exchanges; everything else
 * is counted (FoldedResults) so the totals, the matrix and each cause's counts cover every
 * exchange. A failure is counted whether kept or not, and each exchange's are handed back whole
 * (`exchangeFailures`) for the proxy's violation lines.
 */
export class BoundedRecorder extends Recorder {
  override readonly folded: FoldedResults;
  /** cause to exchanges kept as its examples. */
  private readonly examples = new Map<string, number>();
  /** This exchange's decision per cause: kept or counted. */
  private decisions = new Map<string, boolean>();
  /** Causes of this exchange's counted failures, so each counts the exchange once. */
  private counted = new Set<string>();
  private listed = false;
  private kept = false;
  private current: Failure[] = [];
  /** Features the exchange being checked judged in verdicts not kept; counted when it ends. */
  private unkeptFeatures = new Set<string>();
  /** Features of the exchange's failures kept as examples: where its results count it. */
  private keptFeatures = new Set<string>();

  /**
   * `clientChecks` judge the client's requests, not the gateway's answers: their failures are kept
   * apart as client findings (the first `bounds.exchanges`, the rest counted) and their passes not
   * tallied, so the gateway's results, features and root causes hold only what the gateway did.
   */
  constructor(
    private readonly bounds: ObservedBounds,
    private readonly clientChecks: ReadonlySet<string> = new Set(),
  ) {
    super();
    const limits = { ...bounds, causes: MAX_CAUSES };
    this.folded = {
      limits,
      tallies: new Map(),
      causes: new Map(),
      features: new Map(),
      ungrouped: 0,
      unlisted: 0,
    };
  }

  override noteExchange(exchange: Exchange): void {
    super.noteExchange(exchange);
    this.begin();
  }

  /** An exchange whose request is for no operation: counted as one, with no status coverage. */
  noteUnrouted(): void {
    this.exchanges++;
    this.begin();
  }

  /** The failures of the exchange being checked, kept or only counted. */
  exchangeFailures(): Failure[] {
    return this.current;
  }

  /** Whether the exchange being checked is listed in the reports (a scenario of its own). */
  exchangeListed(): boolean {
    if (!this.listed && !this.kept) this.folded.unlisted++;
    return this.listed || this.kept;
  }

  override pass(
    check: string,
    family: CheckFamily,
    operation: string,
    scenario: string,
    features?: readonly string[],
    members?: readonly string[],
  ): void {
    if (this.clientChecks.has(check)) return;
    if (this.listed) return super.pass(check, family, operation, scenario, features, members);
    this.tally(operation, check).pass++;
    for (const feature of features ?? [CORE_FEATURE]) this.unkeptFeatures.add(feature);
  }

  override fail(family: CheckFamily, failure: Failure): void {
    this.current.push(failure);
    if (this.clientChecks.has(failure.check)) {
      this.clientFindingCount++;
      if (this.clientFindings.length < this.bounds.exchanges) this.clientFindings.push(failure);
      return;
    }
    const cause = causeOf(failure);
    if (this.keeps(cause)) {
      for (const feature of failure.features ?? [CORE_FEATURE]) this.keptFeatures.add(feature);
      return super.fail(family, failure);
    }
    this.tally(failure.operation, failure.check).fail++;
    for (const feature of failure.features ?? [CORE_FEATURE]) {
      this.unkeptFeatures.add(feature);
      const folded = this.foldedFeature(feature);
      folded.failures++;
      if (failure.ignored !== true) folded.acted++;
    }
    const room = this.examples.has(cause);
    if (!room) {
      this.folded.ungrouped++;
      return;
    }
    const group = this.folded.causes.get(cause) ?? {
      failures: 0,
      knockOn: 0,
      scenarios: 0,
      checks: new Set<string>(),
      operations: new Set<string>(),
    };
    if (failure.causedBy === undefined) group.failures++;
    else group.knockOn++;
    if (!this.counted.has(cause)) {
      this.counted.add(cause);
      group.scenarios++;
    }
    group.checks.add(failure.check);
    group.operations.add(failure.operation);
    this.folded.causes.set(cause, group);
  }

  /**
   * The exchange being checked is over: each feature it judged only in verdicts not kept counts it
   * once (one kept as an example counts where its results are).
   */
  endExchange(): void {
    for (const feature of this.unkeptFeatures)
      if (!this.kept || !this.keptFeatures.has(feature)) this.foldedFeature(feature).scenarios++;
    this.unkeptFeatures.clear();
    this.keptFeatures.clear();
  }

  private foldedFeature(feature: string): FoldedFeature {
    let folded = this.folded.features.get(feature);
    if (!folded) {
      folded = { scenarios: 0, failures: 0, acted: 0 };
      this.folded.features.set(feature, folded);
    }
    return folded;
  }

  private begin(): void {
    this.unkeptFeatures.clear();
    this.keptFeatures.clear();
    this.listed = this.exchanges <= this.bounds.exchanges;
    this.kept = false;
    this.current = [];
    this.decisions = new Map();
    this.counted = new Set();
  }

  /** Decided once per exchange and cause, so an example keeps its knock-on failures with it. */
  private keeps(cause: string): boolean {
    const decided = this.decisions.get(cause);
    if (decided !== undefined) return decided;
    const count = this.examples.get(cause);
    const keep =
      this.listed || (count === undefined ? this.examples.size < MAX_CAUSES : count < this.bounds.examplesPerCause);
    if (keep && (count !== undefined || this.examples.size < MAX_CAUSES)) this.examples.set(cause, (count ?? 0) + 1);
    this.decisions.set(cause, keep);
    if (keep) this.kept = true;
    return keep;
  }

  private tally(operation: string, check: string): { pass: number; fail: number; skip: number; known: number } {
    const row = this.folded.tallies.get(operation) ?? new Map();
    this.folded.tallies.set(operation, row);
    const tally = row.get(check) ?? { pass: 0, fail: 0, skip: 0, known: 0 };
    row.set(check, tally);
    return tally;
  }
}
