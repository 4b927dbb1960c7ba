import type { FoldedCause } from '../engine/recorder';
import { causeOf } from '../engine/failure-cause';
import type { Failure } from '../engine/types';

/** Failures that share one cause: what a reader fixes once. */
export interface RootCause {
  /**
   * The cause in words, stable across runs and seeds (what a baseline records): `invalid requests
   * answered 422 where the contract says 400`.
   */
  readonly cause: string;
  /** Failures that are the cause itself, one per answer. */
  readonly failures: number;
  /** Failures on the same answers that it explains (`causedBy`). */
  readonly knockOn: number;
  readonly checks: readonly string[];
  readonly operations: readonly string[];
  /** The scenarios of the failures kept (observed traffic keeps a bounded number: bounded-recorder.ts). */
  readonly scenarios: readonly string[];
  /** Scenarios (exchanges, for observed traffic) it failed in, kept or only counted. */
  readonly scenarioCount: number;
  /** The first of its failures: what a reader reproduces. */
  readonly example: Failure;
  /** Whether the run's verdict counts it (judged-causes.ts): false for one the profile does not judge. */
  readonly judged?: boolean;
}

/**
 * Groups failures by cause, biggest first. A failure that states its cause (`cause`: a status or
 * content type the contract does not ask for, and every knock-on effect on the same answer) is
 * grouped by it, whatever the check; any other by its check, the status it got and its message
 * with the particulars of one request (numbers, quoted values, ids, lists) taken out. `folded`
 * adds, per cause, the failures a bounded recorder counted without keeping them.
 */
export function rootCauses(
  failures: readonly Failure[],
  folded: ReadonlyMap<string, FoldedCause> = new Map(),
): RootCause[] {
  const groups = new Map<string, { members: Failure[] }>();
  for (const failure of failures) {
    const key = causeOf(failure);
    const group = groups.get(key);
    if (group) group.members.push(failure);
    else groups.set(key, { members: [failure] });
  }
  return [...groups]
    .map(([cause, { members }]) => {
      const roots = members.filter((f) => f.causedBy === undefined);
      const more = folded.get(cause);
      const scenarios = unique(members.map((f) => f.scenario));
      return {
        cause,
        failures: roots.length + (more?.failures ?? 0),
        knockOn: members.length - roots.length + (more?.knockOn ?? 0),
        checks: unique([...members.map((f) => f.check), ...(more?.checks ?? [])]),
        operations: unique([...members.map((f) => f.operation), ...(more?.operations ?? [])]),
        scenarios,
        scenarioCount: scenarios.length + (more?.scenarios ?? 0),
        example: roots[0] ?? (members[0] as Failure),
      };
    })
    .sort((a, b) => b.failures + b.knockOn - (a.failures + a.knockOn));
}

/** `25 failures (+3 on the same answers): invalid requests answered 422 where the contract says 400`. */
export function rootCauseTitle(group: Pick<RootCause, 'cause' | 'failures' | 'knockOn'>): string {
  const knockOn = group.knockOn === 0 ? '' : ` (+${group.knockOn} on the same answers)`;
  return `${group.failures} failure${group.failures === 1 ? '' : 's'}${knockOn}: ${group.cause}`;
}

/** `3 warnings: idle kept-alive connections closed…`: a group of findings that do not fail the run. */
export function warningTitle(group: Pick<RootCause, 'cause' | 'failures'>): string {
  return `${group.failures} warning${group.failures === 1 ? '' : 's'}: ${group.cause}`;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
