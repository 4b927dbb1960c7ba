import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import { FULL_DEPTH } from './sample-options';
import type { SampleContext } from './sample-options';
import { resolveRef } from './resolve-ref';
import { patternsOf } from './sample-string';

/** Keywords whose stricter value wins when two parts state them. */
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;

/**
 * `allOf`, or one branch of `anyOf`/`oneOf`, folded into the schema around it, so that a value
 * for the result is valid for every part: `properties` are merged (a member two parts describe
 * gets both, as `allOf`), `required` lists joined, the stricter bound kept, `type` lists
 * intersected, every `pattern` kept (a list: see `patternsOf`), nested `allOf`s flattened;
 * otherwise the first part to state a keyword wins.
 */
export function mergeInto(base: JsonObject, parts: readonly unknown[], ctx: SampleContext, level = 0): JsonObject {
  const merged: JsonObject = { ...base };
  delete merged.allOf;
  for (const raw of parts) {
    const resolved = resolveRef(raw, ctx);
    if (!isRecord(resolved)) continue;
    // A `$ref` back into itself (`{"$ref": "#", ...}`) would flatten forever: stop after a few levels.
    const part =
      Array.isArray(resolved.allOf) && level < 8 ? mergeInto(resolved, resolved.allOf, ctx, level + 1) : resolved;
    for (const [key, value] of Object.entries(part)) mergeKeyword(merged, key, value);
  }
  return merged;
}

function mergeKeyword(merged: JsonObject, key: string, value: unknown): void {
  const current = merged[key];
  if (current === undefined) {
    merged[key] = value;
  } else if (key === 'properties' && isRecord(value) && isRecord(current)) {
    const properties: JsonObject = { ...current };
    for (const [name, schema] of Object.entries(value))
      properties[name] = name in properties ? { allOf: [properties[name], schema] } : schema;
    merged.properties = properties;
  } else if (key === 'required' && Array.isArray(value) && Array.isArray(current)) {
    merged.required = [...new Set([...(current as unknown[]), ...(value as unknown[])])];
  } else if (key === 'pattern') {
    merged.pattern = [...new Set([...patternsOf(merged), ...patternsOf({ pattern: value })])];
  } else if (key === 'type') {
    merged.type = intersectTypes(current, value);
  } else if ((LOWER_BOUNDS as readonly string[]).includes(key) && typeof value === 'number') {
    if (typeof current === 'number') merged[key] = Math.max(current, value);
  } else if ((UPPER_BOUNDS as readonly string[]).includes(key) && typeof value === 'number') {
    if (typeof current === 'number') merged[key] = Math.min(current, value);
  }
}

/** The types both parts allow (`integer` counts as a `number`); the first part's when they share none. */
function intersectTypes(first: unknown, second: unknown): unknown {
  const list = (t: unknown) => (Array.isArray(t) ? (t as unknown[]) : [t]);
  const b = list(second);
  const both = list(first).flatMap((t) =>
    b.includes(t)
      ? [t]
      : t === 'number' && b.includes('integer')
        ? ['integer']
        : t === 'integer' && b.includes('number')
          ? [t]
          : [],
  );
  if (both.length === 0) return first;
  return both.length === 1 ? both[0] : both;
}

/**
 * The branch of a union to sample: the first that allows more than `null`; past the levels the
 * full shape fills, a `null` branch when there is one, so a required nullable recursive member
 * (a linked list's `next`) ends in `null` instead of nesting too deep to be sampled.
 */
export function pickBranch(branches: readonly unknown[], ctx: SampleContext): unknown {
  const onlyNull = (b: unknown) => {
    const schema = resolveRef(b, ctx);
    return isRecord(schema) && (schema.type === 'null' || ('const' in schema && schema.const === null));
  };
  const nullBranch = ctx.depth > FULL_DEPTH ? branches.find(onlyNull) : undefined;
  return nullBranch ?? branches.find((b) => !onlyNull(b)) ?? branches[0];
}
