import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import type { Contract } from '../../kit/contract/contract';
import { matches } from '../../kit/sample/sample-string';
import { primaryType } from '../../kit/sample/schema-type';
import type { SampleHints } from './sample-hints';
import { isRecord } from '../../kit/json/guards';
import type { JsonObject } from '../../kit/json/guards';

/** Longest string generated for a member without `maxLength` (keeps requests small). */
const FREE_STRING = 40;
/** Members deeper than this must be constrained; top-level members chosen by the caller may be free. */
const FREE_DEPTH = 1;
const MAX_DEPTH = 6;

/**
 * A fast-check arbitrary of values valid against a schema, built from its keywords. Below the top
 * level only members whose values the schema fully constrains are generated (enums, booleans,
 * bounded numbers, strings with a length limit, maps with key rules...), so a generated request is
 * valid by the contract itself and a gateway has no contract reason to refuse it (a free-form
 * `engine` string could name an engine the target lacks). Fields that name models get the
 * target's model. A member the spec marks `x-not-shown` (its values are the contract's to leave
 * open) gets only values the schema fully constrains, or the spec's own `examples`, since a
 * gateway may refuse any other. Returns undefined for a schema it cannot constrain.
 */
export function schemaArbitrary(
  contract: Contract,
  raw: unknown,
  hints: SampleHints,
  name = '',
  depth = 0,
): Arbitrary<unknown> | undefined {
  const schema = contract.resolve<JsonObject>(raw);
  if (!isRecord(schema) || depth > MAX_DEPTH) return undefined;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema['x-not-shown'] === true) {
    if (Array.isArray(schema.examples) && schema.examples.length > 0)
      return fc.constantFrom(...(schema.examples as unknown[]));
    depth = Math.max(depth, FREE_DEPTH + 1);
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[keyword]) && schema.type === undefined) {
      const branches = (schema[keyword] as unknown[])
        .map((b) => schemaArbitrary(contract, b, hints, name, depth + 1))
        .filter((a) => a !== undefined);
      return branches.length > 0 ? fc.oneof(...branches) : undefined;
    }
  }
  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  const base = nonNull(contract, schema, hints, name, depth);
  if (!base) return undefined;
  return nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

function nonNull(
  contract: Contract,
  schema: JsonObject,
  hints: SampleHints,
  name: string,
  depth: number,
): Arbitrary<unknown> | undefined {
  const num = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  switch (primaryType(schema)) {
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'integer':
    case 'number': {
      const min =
        num('minimum') ?? (num('exclusiveMinimum') === undefined ? undefined : (num('exclusiveMinimum') as number) + 1);
      const max =
        num('maximum') ?? (num('exclusiveMaximum') === undefined ? undefined : (num('exclusiveMaximum') as number) - 1);
      if (min === undefined || max === undefined) return undefined;
      return primaryType(schema) === 'integer'
        ? fc.integer({ min, max })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'string': {
      if (hints.model !== undefined && /models?$/.test(name)) return fc.constant(hints.model);
      const max = num('maxLength');
      if (max === undefined && depth > FREE_DEPTH) return undefined;
      const min = num('minLength') ?? 0;
      // ASCII and any Unicode grapheme (non-Latin scripts, emoji): both are plain strings to the contract.
      const any = (minLength: number, maxLength: number) =>
        fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
      const text =
        max === undefined
          ? any(min, Math.max(min, FREE_STRING))
          : fc.oneof(any(min, Math.min(max, 64)), fc.string({ minLength: max, maxLength: max }));
      return typeof schema.pattern === 'string' ? text.filter((s) => matches(schema, s)) : text;
    }
    case 'array': {
      const items = schemaArbitrary(contract, schema.items ?? {}, hints, name, depth + 1);
      const max = num('maxItems');
      if (!items || (max === undefined && depth > FREE_DEPTH && !/models?$/.test(name))) return undefined;
      return fc.array(items, { minLength: num('minItems') ?? 0, maxLength: Math.min(max ?? 4, 8) });
    }
    case 'object':
      return objectArbitrary(contract, schema, hints, depth);
    default:
      return undefined;
  }
}

function objectArbitrary(
  contract: Contract,
  schema: JsonObject,
  hints: SampleHints,
  depth: number,
): Arbitrary<unknown> | undefined {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const members: Record<string, Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(properties)) {
    const arb = schemaArbitrary(contract, sub, hints, key, depth + 1);
    if (arb) members[key] = arb;
    else if (required.has(key)) return undefined;
  }
  if (Object.keys(properties).length > 0) {
    return fc.record(members, { requiredKeys: [...required].filter((k) => k in members) });
  }
  const names = isRecord(schema.propertyNames) ? contract.resolve<JsonObject>(schema.propertyNames) : undefined;
  const values = isRecord(schema.additionalProperties)
    ? schemaArbitrary(contract, schema.additionalProperties, hints, '', depth + 1)
    : undefined;
  const maxKeys = typeof schema.maxProperties === 'number' ? schema.maxProperties : undefined;
  if (!names || !values || maxKeys === undefined) return undefined;
  const keys = (schemaArbitrary(contract, { ...names, type: 'string' }, hints, 'key', depth + 1) ?? fc.string()).filter(
    (k) => typeof k === 'string' && k !== '__proto__',
  ) as Arbitrary<string>;
  return fc.dictionary(keys, values, { maxKeys, noNullPrototype: true });
}
