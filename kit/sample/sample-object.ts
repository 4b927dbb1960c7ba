import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import { descend, fills } from './sample-options';
import type { SampleAt, SampleContext } from './sample-options';
import { matches, patternsOf, sampleString } from './sample-string';

/**
 * An object for the schema: its required members, and in the full shape every listed member too
 * (required first when `maxProperties` leaves room for only some); members `dependentRequired`
 * asks for; then, up to `minProperties`, members named to fit `propertyNames` and
 * `patternProperties` (records), valued by the schema that governs each name.
 */
export function sampleObject(schema: JsonObject, ctx: SampleContext, sample: SampleAt): JsonObject {
  const out: JsonObject = {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((n): n is string => typeof n === 'string')
    : [];
  const max = typeof schema.maxProperties === 'number' ? schema.maxProperties : Infinity;
  const optional = fills(ctx) ? Object.keys(properties).filter((name) => !required.includes(name)) : [];
  const names = [...new Set([...required, ...optional])];
  const wanted = [...names.slice(0, Math.max(required.length, max)), ...dependents(schema, names)];
  for (const name of new Set(wanted)) {
    const value = sample(memberSchema(schema, name), descend(ctx, name), name);
    if (value !== undefined) out[name] = value;
  }
  const min = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  for (let i = 0; Object.keys(out).length < min && i < min + 8; i++) {
    const name = extraName(schema, ctx, i, out);
    if (name === undefined) break;
    const value = sample(memberSchema(schema, name), descend(ctx, name), name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The schema a member's value must satisfy: its `properties` entry, a matching `patternProperties` one, else `additionalProperties`. */
function memberSchema(schema: JsonObject, name: string): unknown {
  if (isRecord(schema.properties) && name in schema.properties) return schema.properties[name];
  if (isRecord(schema.patternProperties)) {
    for (const [pattern, value] of Object.entries(schema.patternProperties))
      if (matches({ pattern }, name)) return value;
  }
  return schema.additionalProperties ?? true;
}

/** Members that `dependentRequired` (2019-09) or array-form `dependencies` (draft-07) ask for, given those present. */
function dependents(schema: JsonObject, present: readonly string[]): string[] {
  const rules = isRecord(schema.dependentRequired)
    ? schema.dependentRequired
    : isRecord(schema.dependencies)
      ? schema.dependencies
      : {};
  return present.flatMap((name) => {
    const needs = rules[name];
    return Array.isArray(needs) ? needs.filter((n): n is string => typeof n === 'string') : [];
  });
}

/** A member name not yet used that fits `propertyNames` and, failing `additionalProperties`, a pattern property. */
function extraName(schema: JsonObject, ctx: SampleContext, i: number, taken: JsonObject): string | undefined {
  const names = isRecord(schema.propertyNames) ? schema.propertyNames : {};
  const patterns = isRecord(schema.patternProperties) ? Object.keys(schema.patternProperties) : [];
  const closed = schema.additionalProperties === false;
  if (closed && patterns.length === 0) return undefined;
  const nameSchema = closed ? { ...names, pattern: [...patternsOf(names), ...patterns.slice(0, 1)] } : names;
  const enumNames = Array.isArray(names.enum)
    ? names.enum.filter((n): n is string => typeof n === 'string')
    : undefined;
  const candidates = enumNames ?? [
    `key${i + 1}`,
    sampleString(nameSchema, undefined, `${ctx.seed}${ctx.path}/~name`, i),
  ];
  return candidates.find(
    (name) =>
      !(name in taken) && (enumNames !== undefined || (matches(nameSchema, name) && fitsLength(nameSchema, name))),
  );
}

function fitsLength(schema: JsonObject, name: string): boolean {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  return name.length >= min && name.length <= max;
}
