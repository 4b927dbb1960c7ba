import type { JsonObject } from '../json/guards';

/** The text used where a schema says nothing that shapes a string. */
export const PLACEHOLDER = 'sample';

/** Values for common `format`s, valid by ajv-formats. */
const FORMATS: Readonly<Record<string, string>> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};

/** Candidate strings tried against a `pattern`, to find one that matches and one that does not. */
const PATTERN_CANDIDATES = ['a', '0', 'x-1', 'with[bracket]', 'has space', '', 'UPPER', '-', 'a.b', 'a/b', 'ä', '0.5'];

/**
 * A string valid for the schema: its format's value, one of its examples, the placeholder or a
 * candidate that fits the length limits and the pattern; failing those, one built to the length.
 */
export function sampleString(schema: JsonObject, given?: string): string {
  if (given !== undefined) return given;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const fits = (s: string) => s.length >= min && s.length <= max && matches(schema, s);
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  const examples = Array.isArray(schema.examples)
    ? schema.examples.filter((e): e is string => typeof e === 'string')
    : [];
  const found = [...(format ? [format] : []), ...examples, PLACEHOLDER, ...PATTERN_CANDIDATES].find(fits);
  if (found !== undefined) return found;
  if (typeof schema.pattern === 'string') return fillString(schema, Math.max(min, 1));
  return (format ?? PLACEHOLDER).padEnd(min, 'x').slice(0, max);
}

/** A string of `length` characters that satisfies the schema's pattern, if one can be found. */
export function fillString(schema: JsonObject, length: number): string {
  for (const char of ['a', '0', 'x', 'A', '-']) {
    const candidate = char.repeat(length);
    if (matches(schema, candidate)) return candidate;
  }
  return 'a'.repeat(length);
}

/** A string that breaks the schema's `pattern` (and keeps any length limits), if one exists. */
export function patternBreaker(schema: JsonObject): string | undefined {
  if (typeof schema.pattern !== 'string') return undefined;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return [PLACEHOLDER, ...PATTERN_CANDIDATES].find((s) => s.length >= min && s.length <= max && !matches(schema, s));
}

/** The string satisfies the schema's `pattern` (as ajv reads it, with the `u` flag), or there is none. */
export function matches(schema: JsonObject, value: string): boolean {
  return typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(value);
}
