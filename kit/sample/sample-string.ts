import type { JsonObject } from '../json/guards';
import { formatAccepts } from './string-formats';
import { FORMAT_SAMPLES } from './string-formats';
import { patternStrings } from './pattern-string';

/** The text used where a schema says nothing that shapes a string. */
export const PLACEHOLDER = 'sample';

/** Candidate strings tried against a `pattern`, to find one that matches and one that does not. */
const PATTERN_CANDIDATES = ['a', '0', 'x-1', 'with[bracket]', 'has space', '', 'UPPER', '-', 'a.b', 'a/b', 'ä', '0.5'];

/**
 * A string valid for the schema, the first that fits its length limits, every pattern and its
 * format: the format's sample values, its examples, the placeholder, plain candidates, then
 * strings generated from the patterns (seeded by `seed`, so the same schema at the same place
 * gives the same string), then one character repeated to the minimum length. `given` wins.
 * `nth` n takes the n-th string that fits (distinct array items), else the first.
 */
export function sampleString(schema: JsonObject, given?: string, seed = '', nth = 0): string {
  if (given !== undefined) return given;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  const patterns = patternsOf(schema);
  const fits = (s: string) => {
    const length = codePoints(s);
    return length >= min && length <= max && matches(schema, s) && formatAccepts(format, s);
  };
  const found = new Set<string>();
  for (const candidate of candidates(schema, format, patterns, seed, min)) {
    if (found.has(candidate) || !fits(candidate)) continue;
    if (found.size === nth) return candidate;
    found.add(candidate);
  }
  const [first] = found;
  if (first !== undefined) return first;
  if (patterns.length > 0) return fillString(schema, Math.max(min, 1));
  return (format === undefined ? PLACEHOLDER : (FORMAT_SAMPLES[format]?.[0] ?? PLACEHOLDER))
    .padEnd(min, 'x')
    .slice(0, max);
}

function* candidates(
  schema: JsonObject,
  format: string | undefined,
  patterns: readonly string[],
  seed: string,
  min: number,
): Generator<string> {
  if (format !== undefined) yield* FORMAT_SAMPLES[format] ?? [];
  if (Array.isArray(schema.examples)) yield* schema.examples.filter((e): e is string => typeof e === 'string');
  yield PLACEHOLDER;
  yield* PATTERN_CANDIDATES;
  if (patterns.length > 0) yield* patternStrings(patterns, `${seed}\u0000${patterns.join('\u0000')}`, min);
  for (const char of ['a', '0', 'x', 'A', '-']) yield char.repeat(Math.max(min, 1));
}

/** A string of `length` characters that satisfies the schema's patterns, if one can be found. */
export function fillString(schema: JsonObject, length: number): string {
  for (const char of ['a', '0', 'x', 'A', '-']) {
    const candidate = char.repeat(length);
    if (matches(schema, candidate)) return candidate;
  }
  return 'a'.repeat(length);
}

/** A string that breaks the schema's `pattern` (and keeps any length limits), if one exists. */
export function patternBreaker(schema: JsonObject): string | undefined {
  if (patternsOf(schema).length === 0) return undefined;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return [PLACEHOLDER, ...PATTERN_CANDIDATES].find((s) => s.length >= min && s.length <= max && !matches(schema, s));
}

/** The string satisfies the schema's patterns (as ajv reads them, with the `u` flag), or there are none. */
export function matches(schema: JsonObject, value: string): boolean {
  return patternsOf(schema).every((pattern) => {
    try {
      return new RegExp(pattern, 'u').test(value);
    } catch {
      return true;
    }
  });
}

/**
 * The schema's `pattern`s: one string as JSON Schema writes it, or, in a schema the sampler merged
 * from `allOf` parts (zod's startsWith, endsWith and includes), the list of every part's pattern.
 */
export function patternsOf(schema: JsonObject): string[] {
  const pattern = schema.pattern;
  if (typeof pattern === 'string') return [pattern];
  return Array.isArray(pattern) ? pattern.filter((p): p is string => typeof p === 'string') : [];
}

/** Length as JSON Schema counts it: in code points. */
function codePoints(text: string): number {
  return Array.from(text).length;
}
