import type { JsonObject } from '../json/guards';

/**
 * 1, moved inside the bounds (exclusive ones too, in the numeric form of draft 6 and later and the
 * boolean form of draft 4) and onto `multipleOf`; `variant` n asks for the n-th value up from
 * there (distinct array items), kept inside the bounds when they allow it.
 */
export function sampleNumber(schema: JsonObject, integer: boolean, variant = 0): number {
  const step = integer ? 1 : 0.5;
  const { low, high } = bounds(schema, step);
  let value = Math.min(Math.max(1, low), high);
  if (integer) value = Math.ceil(value);
  const multiple = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : undefined;
  if (multiple !== undefined) return onMultiple(value, multiple, high, variant, integer);
  const moved = value + variant * step;
  return moved <= high ? moved : value;
}

function bounds(schema: JsonObject, step: number): { low: number; high: number } {
  let low = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  let high = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  if (typeof schema.exclusiveMinimum === 'number') low = Math.max(low, schema.exclusiveMinimum + step);
  if (typeof schema.exclusiveMaximum === 'number') high = Math.min(high, schema.exclusiveMaximum - step);
  if (schema.exclusiveMinimum === true && Number.isFinite(low)) low += step;
  if (schema.exclusiveMaximum === true && Number.isFinite(high)) high -= step;
  // A range narrower than the step (`exclusiveMinimum: 0, exclusiveMaximum: 1` for a number): its middle.
  if (low > high && typeof schema.exclusiveMinimum === 'number' && typeof schema.exclusiveMaximum === 'number') {
    const middle = (schema.exclusiveMinimum + schema.exclusiveMaximum) / 2;
    return { low: middle, high: middle };
  }
  return { low, high };
}

/**
 * The first multiple of `multiple` at or above `value` (then `variant` steps up) whose division
 * ajv finds whole: with a fractional `multipleOf` such as 0.1, 0.3 / 0.1 is 2.9999999999999996 in
 * floating point, so ajv refuses 0.3 and the next multiple is tried.
 */
function onMultiple(value: number, multiple: number, high: number, variant: number, integer: boolean): number {
  const first = Math.ceil(value / multiple);
  let found: number | undefined;
  let seen = 0;
  for (let k = first; k < first + 64 + variant * 4; k++) {
    const candidate = Number((k * multiple).toPrecision(15));
    if (candidate > high && found !== undefined) break;
    if (!Number.isInteger(candidate / multiple) || (integer && !Number.isInteger(candidate))) continue;
    found = candidate;
    if (seen++ === variant) return candidate;
  }
  return found ?? first * multiple;
}
