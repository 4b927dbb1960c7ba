import type { Contract } from '../../kit/contract/contract';
import { isRecord } from '../../kit/json/guards';
import type { JsonObject } from '../../kit/json/guards';

/** What sample values may borrow from the target: a model id for fields that name models. */
export interface SampleHints {
  readonly model: string;
}

/** Candidate strings tried against a `pattern`, to find one that matches and one that does not. */
const PATTERN_CANDIDATES = [
  'sample',
  'a',
  '0',
  'x-1',
  'with[bracket]',
  'has space',
  '',
  'UPPER',
  '-',
  'a.b',
  'a/b',
  'ä',
  '0.5',
];

/**
 * A small valid instance of a schema: required members only, arrays at their minimum size, strings
 * and numbers inside their limits. `name` is the member the value goes into; fields named after
 * models get the target's model so a real gateway does not reject them as unknown.
 */
export function sampleValue(contract: Contract, raw: unknown, hints: SampleHints, name = '', depth = 0): unknown {
  const schema = contract.resolve<JsonObject>(raw);
  if (!isRecord(schema) || depth > 6) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  if ('default' in schema && schema.default !== null) return schema.default;
  for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && branches.length > 0 && schema.type === undefined) {
      return sampleValue(contract, branches[0], hints, name, depth + 1);
    }
  }
  const type = primaryType(schema);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = isRecord(schema.properties) ? schema.properties : {};
      for (const key of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
        out[key] = sampleValue(contract, properties[key] ?? {}, hints, key, depth + 1);
      }
      return out;
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: count }, () => sampleValue(contract, schema.items ?? {}, hints, name, depth + 1));
    }
    case 'string':
      return sampleString(schema, name, hints);
    case 'integer':
    case 'number':
      return sampleNumber(schema, type);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'sample';
  }
}

/** The first non-null type of a schema (`[string, 'null']` → `string`). */
export function primaryType(schema: JsonObject): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return (schema.type as string[]).find((t) => t !== 'null') ?? 'null';
  if (isRecord(schema.properties)) return 'object';
  return undefined;
}

export function sampleString(schema: JsonObject, name: string, hints: SampleHints): string {
  if (/models?$/.test(name)) return hints.model;
  const examples = Array.isArray(schema.examples)
    ? schema.examples.filter((e): e is string => typeof e === 'string')
    : [];
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const fits = (s: string) => s.length >= min && s.length <= max && matches(schema, s);
  const found = [...examples, ...PATTERN_CANDIDATES].find(fits);
  return found ?? fillString(schema, Math.max(min, 1));
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
  return PATTERN_CANDIDATES.find((s) => s.length >= min && s.length <= max && !matches(schema, s));
}

export function matches(schema: JsonObject, value: string): boolean {
  return typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(value);
}

function sampleNumber(schema: JsonObject, type: string): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  if (min !== undefined) return min;
  if (max !== undefined && max < 1) return type === 'integer' ? Math.floor(max) : max;
  return 1;
}
