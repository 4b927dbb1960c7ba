import type { Failure } from './types';

/*
 * What a failure is grouped by, decided as it is recorded (evaluate-exchange.ts folds knock-on
 * effects by it; a bounded recorder counts by it) and read again by the reports' root causes and
 * the baseline.
 */

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
