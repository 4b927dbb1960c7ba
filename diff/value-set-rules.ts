import type { ChangeLocation, Documents } from './describe-location';
import type { RawChange } from './describe-change';
import { resolvePath } from './resolve-path';

/**
 * The rules for keywords that bound the set of values a schema allows: `enum` and `const` (a const
 * is a one-value enum), `pattern`, `format`, the numeric, length, size and count limits,
 * `uniqueItems`, and what an object allows beside its named members (`additionalProperties`,
 * `unevaluatedProperties`). One principle for all: a request may only accept more (its set may
 * widen, never narrow: clients send what was valid), a response may only send less (its set may
 * narrow, never widen: clients read what they expect). A keyword that moves both ways (a pattern
 * or format replaced, a const changed) breaks either side.
 */

/** How the set of allowed values moved. */
export type Direction = 'same' | 'narrows' | 'widens' | 'both';

export interface ValueSetClassification {
  readonly severity: 'breaking' | 'non-breaking';
  readonly reason: string;
  /** How the set of values moved: audiences.ts judges each audience by it. */
  readonly direction: Direction;
}

type Judge = (before: unknown, after: unknown) => Direction;

const UPPER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties', 'maxContains'];
const LOWER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties', 'minContains'];

const JUDGES: ReadonlyMap<string, Judge> = new Map<string, Judge>([
  ...UPPER.map((keyword): [string, Judge] => [keyword, (b, a) => limit(b, a, 1)]),
  ...LOWER.map((keyword): [string, Judge] => [keyword, (b, a) => limit(b, a, -1)]),
  ['pattern', opaque],
  ['format', opaque],
  ['multipleOf', multipleOf],
  ['uniqueItems', (b, a) => compare(b === true, a === true, (x) => (x ? 0 : 1))],
  ['additionalProperties', rest],
  ['unevaluatedProperties', rest],
]);

/** What each keyword restricts, for the reason line. */
const NOUNS: Readonly<Record<string, string>> = {
  additionalProperties: 'members the schema does not name',
  unevaluatedProperties: 'members the schema does not name',
};

/**
 * Classifies a change to one of the value-bounding keywords, by comparing the keyword in the
 * schema that holds it in both documents (so the engine's way of reporting it does not matter).
 * Undefined for any other keyword, or outside a request or response.
 */
export function valueSetRule(
  change: RawChange,
  location: ChangeLocation,
  docs: Documents,
): ValueSetClassification | undefined {
  const keyword = location.tail[0];
  if (typeof keyword !== 'string' || location.side === undefined) return undefined;
  const [before, after] = schemasAround(change, location, docs, keyword);
  let direction: Direction;
  if (keyword === 'enum' || keyword === 'const') {
    // One enum value of a merged schema: added widens, removed narrows, replaced does both.
    const byAction = change.action === 'add' ? 'widens' : change.action === 'remove' ? 'narrows' : 'both';
    direction = before && after ? setDirection(allowedValues(before), allowedValues(after)) : byAction;
  } else {
    const judge = JUDGES.get(keyword);
    // Only the keyword itself: a change inside an additionalProperties schema is judged where it is.
    if (!judge || location.tail.length !== 1 || !before || !after) return undefined;
    direction = judge(keywordOf(before, keyword), keywordOf(after, keyword));
  }
  const noun = NOUNS[keyword] ?? 'values';
  return judgeSide(location.side, direction, keyword, noun);
}

function judgeSide(
  side: 'request' | 'response',
  direction: Direction,
  keyword: string,
  noun: string,
): ValueSetClassification {
  const by = `(${keyword})`;
  if (side === 'request') {
    if (direction === 'narrows' || direction === 'both')
      return { severity: 'breaking', reason: `the request may reject ${noun} that it accepted ${by}`, direction };
    return { severity: 'non-breaking', reason: `the request still accepts every value it did ${by}`, direction };
  }
  if (direction === 'widens' || direction === 'both')
    return { severity: 'breaking', reason: `the response may carry ${noun} clients do not expect ${by}`, direction };
  return { severity: 'non-breaking', reason: `the response sends no value it did not send before ${by}`, direction };
}

/**
 * The schema holding the keyword, before and after. Read from the documents when they show the
 * change as reported; otherwise (the engine merged an `allOf` whose members the path no longer
 * names) from the change itself, for a change of the whole keyword. Undefined when neither works:
 * a single enum value changed in a merged schema.
 */
function schemasAround(
  change: RawChange,
  location: ChangeLocation,
  docs: Documents,
  keyword: string,
): [object | undefined, object | undefined] {
  const schemaPath = change.path.slice(0, change.path.length - location.tail.length);
  const before = resolvePath(docs.before, schemaPath);
  const after = resolvePath(docs.after, schemaPath);
  const has = (schema: unknown): schema is object =>
    typeof schema === 'object' && schema !== null && Object.hasOwn(schema, keyword);
  const agrees =
    typeof before === 'object' &&
    before !== null &&
    typeof after === 'object' &&
    after !== null &&
    (change.action === 'add' || has(before)) &&
    (change.action === 'remove' || has(after));
  if (agrees) return [before, after];
  if (location.tail.length !== 1) return [undefined, undefined];
  return [
    change.action === 'add' ? {} : { [keyword]: change.before },
    change.action === 'remove' ? {} : { [keyword]: change.after },
  ];
}

function keywordOf(schema: unknown, keyword: string): unknown {
  return typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>)[keyword] : undefined;
}

/** The values `enum` and `const` allow together (both apply); 'any' when neither is written. */
function allowedValues(schema: unknown): ReadonlySet<string> | 'any' {
  let values: Set<string> | 'any' = 'any';
  const listed = keywordOf(schema, 'enum');
  if (Array.isArray(listed)) values = new Set(listed.map((value) => JSON.stringify(value)));
  if (schema !== null && typeof schema === 'object' && Object.hasOwn(schema, 'const')) {
    const only = JSON.stringify(keywordOf(schema, 'const'));
    values = values === 'any' || values.has(only) ? new Set([only]) : new Set();
  }
  return values;
}

function setDirection(before: ReadonlySet<string> | 'any', after: ReadonlySet<string> | 'any'): Direction {
  const within = (a: ReadonlySet<string> | 'any', b: ReadonlySet<string> | 'any'): boolean =>
    b === 'any' || (a !== 'any' && [...a].every((value) => b.has(value)));
  const narrows = !within(before, after);
  const widens = !within(after, before);
  return narrows && widens ? 'both' : narrows ? 'narrows' : widens ? 'widens' : 'same';
}

/** Ranks two values of a keyword: a larger rank allows more values. */
function compare<T>(before: T, after: T, rank: (value: T) => number): Direction {
  const delta = rank(after) - rank(before);
  return delta > 0 ? 'widens' : delta < 0 ? 'narrows' : 'same';
}

/**
 * A limit: an upper bound (sign 1) allows more as it grows, a lower bound (sign -1) as it falls;
 * an absent bound allows everything. (`exclusiveMaximum: true`, OpenAPI 3.0's form, is not used.)
 */
function limit(before: unknown, after: unknown, sign: 1 | -1): Direction {
  const rank = (value: unknown): number => (typeof value === 'number' ? sign * value : Infinity);
  return compare(before, after, rank);
}

/** `pattern` and `format`: adding one narrows, removing one widens, replacing one moves both ways. */
function opaque(before: unknown, after: unknown): Direction {
  if (JSON.stringify(before) === JSON.stringify(after)) return 'same';
  if (before === undefined) return 'narrows';
  if (after === undefined) return 'widens';
  return 'both';
}

function multipleOf(before: unknown, after: unknown): Direction {
  if (before === after) return 'same';
  if (typeof before !== 'number') return 'narrows';
  if (typeof after !== 'number') return 'widens';
  if (Number.isInteger(after / before)) return 'narrows';
  if (Number.isInteger(before / after)) return 'widens';
  return 'both';
}

/**
 * What an object allows beyond its named members: absent, `true` or `{}` allow anything, a schema
 * allows some values, `false` none. Closing a request object rejects clients that send more.
 */
function rest(before: unknown, after: unknown): Direction {
  const rank = (value: unknown): number => {
    if (value === undefined || value === true) return 2;
    if (value === false) return 0;
    return typeof value === 'object' && value !== null && Object.keys(value).length === 0 ? 2 : 1;
  };
  const [b, a] = [rank(before), rank(after)];
  if (b === 1 && a === 1) return JSON.stringify(before) === JSON.stringify(after) ? 'same' : 'both';
  return compare(b, a, (value) => value);
}
