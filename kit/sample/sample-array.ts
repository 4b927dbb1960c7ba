import type { JsonObject } from '../json/guards';
import { descend, fills } from './sample-options';
import type { SampleAt, SampleContext } from './sample-options';

/** Distinct values tried per item of an array with `uniqueItems` before a repeat is accepted. */
const UNIQUE_TRIES = 8;

/**
 * An array for the schema. Tuples in both dialects: 2020-12 `prefixItems` with `items` for the
 * rest, and draft-07's array-form `items` with `additionalItems` for the rest. Length: `minItems`,
 * at least the tuple, at least one item in the full shape, at most `maxItems` (and no more than
 * the tuple when the rest is `false`). `contains` (with `minContains`) fills the first items after
 * the tuple; `uniqueItems` asks each item for a value unlike the others.
 */
export function sampleArray(schema: JsonObject, ctx: SampleContext, member: string, sample: SampleAt): unknown[] {
  const tuple = Array.isArray(schema.prefixItems)
    ? (schema.prefixItems as unknown[])
    : Array.isArray(schema.items)
      ? (schema.items as unknown[])
      : [];
  const rest = Array.isArray(schema.items) ? (schema.additionalItems ?? true) : (schema.items ?? true);
  const contains = 'contains' in schema ? schema.contains : undefined;
  const containsCount = contains === undefined ? 0 : typeof schema.minContains === 'number' ? schema.minContains : 1;
  const least = Math.max(
    typeof schema.minItems === 'number' ? schema.minItems : 0,
    tuple.length,
    fills(ctx) ? 1 : 0,
    tuple.length + containsCount,
  );
  let count = typeof schema.maxItems === 'number' ? Math.min(least, schema.maxItems) : least;
  if (rest === false) count = Math.min(count, tuple.length);
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const itemSchema =
      i < tuple.length ? tuple[i] : i < tuple.length + containsCount ? { allOf: [rest, contains] } : rest;
    out.push(
      schema.uniqueItems === true
        ? distinctItem(itemSchema, ctx, member, i, out, sample)
        : sample(itemSchema, descend(ctx, i, 0), member),
    );
  }
  return out;
}

function distinctItem(
  schema: unknown,
  ctx: SampleContext,
  member: string,
  index: number,
  taken: readonly unknown[],
  sample: SampleAt,
): unknown {
  const seen = new Set(taken.map((item) => JSON.stringify(item)));
  let first: unknown;
  for (let variant = index; variant < index + UNIQUE_TRIES; variant++) {
    const value = sample(schema, descend(ctx, index, variant), member);
    if (!seen.has(JSON.stringify(value))) return value;
    if (variant === index) first = value;
  }
  return first;
}
