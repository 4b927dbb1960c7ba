import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import { mergeInto, pickBranch } from './merge-schemas';
import { resolveRef } from './resolve-ref';
import { sampleContext } from './sample-options';
import type { SampleContext, SampleOptions } from './sample-options';
import { sampleNumber } from './sample-number';
import { sampleString } from './sample-string';
import { primaryType } from './schema-type';

const MAX_DEPTH = 8;

/**
 * A deterministic value valid for a JSON Schema (2020-12, OpenAPI 3.1). Covers type, const, enum
 * (first non-null), default, examples (of strings), local $ref, allOf, anyOf/oneOf (first branch
 * that allows more than null), properties/required/minProperties, prefixItems/items/minItems/
 * maxItems/uniqueItems, numeric bounds and multipleOf, string lengths, common formats and simple
 * patterns (by candidates). `member` is the name the value goes under (see `stringFor`).
 * Undefined when nothing is valid (`false`) or the schema nests deeper than 8 levels.
 */
export function sampleValue(schema: unknown, options: SampleOptions = {}, member = ''): unknown {
  return sample(schema, sampleContext(schema, options), member);
}

function sample(raw: unknown, ctx: SampleContext, member: string): unknown {
  if (ctx.depth > MAX_DEPTH) return undefined;
  const resolved = resolveRef(raw, ctx);
  if (resolved === false) return undefined;
  const schema: JsonObject = isRecord(resolved) ? resolved : {};
  const deeper: SampleContext = { ...ctx, depth: ctx.depth + 1 };
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  if ('default' in schema && schema.default !== null) return schema.default;
  if (Array.isArray(schema.allOf)) return sample(mergeInto(schema, schema.allOf, ctx), deeper, member);
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (branches && branches.length > 0) {
    const rest: JsonObject = { ...schema };
    delete rest.anyOf;
    delete rest.oneOf;
    return sample(mergeInto(rest, [pickBranch(branches, ctx)], ctx), deeper, member);
  }
  switch (primaryType(schema)) {
    case 'object':
      return sampleObject(schema, deeper);
    case 'array':
      return sampleArray(schema, deeper, member);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return sampleString(schema, ctx.stringFor(member));
  }
}

function sampleObject(schema: JsonObject, ctx: SampleContext): JsonObject {
  const out: JsonObject = {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const extra = schema.additionalProperties ?? true;
  const required = Array.isArray(schema.required)
    ? schema.required.filter((n): n is string => typeof n === 'string')
    : [];
  const names = ctx.shape === 'full' ? [...new Set([...Object.keys(properties), ...required])] : required;
  for (const name of names) {
    const value = sample(name in properties ? properties[name] : extra, ctx, name);
    if (value !== undefined) out[name] = value;
  }
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  for (let i = 1; Object.keys(out).length < minProperties && extra !== false; i++) {
    if (!(`key${i}` in out)) out[`key${i}`] = sample(extra, ctx, `key${i}`);
  }
  return out;
}

function sampleArray(schema: JsonObject, ctx: SampleContext, member: string): unknown[] {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  const least = ctx.shape === 'full' ? 1 : 0;
  const min = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 0, prefix.length, least);
  const count = typeof schema.maxItems === 'number' ? Math.min(min, schema.maxItems) : min;
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const value = sample(i < prefix.length ? prefix[i] : (schema.items ?? true), ctx, member);
    // uniqueItems: make repeated strings and numbers distinct.
    if (schema.uniqueItems === true && i > 0 && typeof value === 'string') out.push(`${value}${i + 1}`);
    else if (schema.uniqueItems === true && i > 0 && typeof value === 'number') out.push(value + i);
    else out.push(value);
  }
  return out;
}
