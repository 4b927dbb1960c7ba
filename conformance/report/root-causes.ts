import type { FoldedCause } from '../engine/recorder';
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

/**
 * The cause a failure is grouped (and baselined) by: the one it states, else its check, the
 * status it got and its message without the particulars of one request.
 */
export function causeOf(failure: Failure): string {
  if (failure.cause !== undefined) return failure.cause;
  const status = failure.received.status === undefined ? 'no answer' : `status ${failure.received.status}`;
  return `${failure.check} (${status}): ${normalise(failure.message)}`;
}

/** The message without what differs from one request to the next; text in backticks is quoted as is. */
export function normalise(message: string): string {
  return message
    .split(/(`[^`\n]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : particularsOut(part)))
    .join('')
    .replace(/\s*\n\s*/g, ' / ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A quoted text after these words is the detail that says what is wrong (`missing required
 * property "context_length"`, `the 401 message "Invalid key" does not say…`): kept, its numbers
 * and ids still taken out, so the title names it. Other quoted values are a request's particulars.
 */
const DETAIL_BEFORE = /\b(property|message)\s$/;

function particularsOut(text: string): string {
  return text
    .replace(/"(?:[^"\\]|\\.)*"/g, (quoted, offset: number, whole: string) =>
      DETAIL_BEFORE.test(whole.slice(Math.max(0, offset - 9), offset))
        ? quoted.length > 80
          ? `${quoted.slice(0, 78)}…"`
          : quoted
        : '"…"',
    )
    .replace(/\[[^\]\n]*\]/g, '[…]')
    .replace(/\{[^{}\n]*\}/g, '{…}')
    .replace(/[\w.:~-]*\w[\w.:~-]*/g, (word) => (isId(word) ? 'ID' : word))
    .replace(POINTER_INDEX, 'N')
    .replace(LONE_NUMBER, (n: string, offset: number, whole: string) => (isStatus(n, offset, whole) ? n : 'N'));
}

/**
 * A number that stands alone (`3 problems`, `#4`, `limit=1`); one inside a name (`gpt-4o`,
 * `claude-3.5-sonnet`, `v1`, a JSON pointer's `~1`) is part of the name.
 */
const LONE_NUMBER = /(?<![\w.~/:-])\d+(?:\.\d+)?(?![\w/:-]|\.\w)/g;
/** An array index in a JSON pointer or path: `/data/3/id`. */
const POINTER_INDEX = /(?<=\/)\d+(?=\/|$|[\s,;)"'`])/g;
/** Words before or after an HTTP status that make it one: `answered 422`, `the 401 message`. */
const STATUS_BEFORE = /\b(status|answered|answers|answer|the|a|an|got|gets|returned|returns|not|with|than|or|and)\s$/;
const STATUS_AFTER = /^\s(message|answer|answers|status|error|errors|response|envelope|or|and|where|instead)\b/;

/** A status (100-599) the message names: a different status is a different cause. */
function isStatus(n: string, offset: number, whole: string): boolean {
  if (!/^[1-5]\d\d$/.test(n)) return false;
  return (
    STATUS_BEFORE.test(whole.slice(Math.max(0, offset - 10), offset)) ||
    STATUS_AFTER.test(whole.slice(offset + n.length, offset + n.length + 12))
  );
}

/**
 * A generated id, not a name: a UUID, or a word one of whose parts (split at `-_.:`) is long and
 * mixes digits in (`msg_w02OasYHUM511UDH`, `gen-1712345678-…`, a hash, `sk-abc123456`). Model and
 * member names keep their numbers (`text-embedding-3-small`, `llama-3.3-70b-instruct`).
 */
function isId(word: string): boolean {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(word)) return true;
  return word.split(/[-_.:~]/).some((part) => (part.length >= 8 && /\d/.test(part)) || /^\d{5,}$/.test(part));
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
