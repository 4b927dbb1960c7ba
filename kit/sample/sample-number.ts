import type { JsonObject } from '../json/guards';

/** 1, moved inside the bounds (exclusive ones too) and onto `multipleOf`. */
export function sampleNumber(schema: JsonObject, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  let low = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  if (typeof schema.exclusiveMinimum === 'number') low = Math.max(low, schema.exclusiveMinimum + step);
  let high = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  if (typeof schema.exclusiveMaximum === 'number') high = Math.min(high, schema.exclusiveMaximum - step);
  let value = Math.min(Math.max(1, low), high);
  if (integer) value = Math.ceil(value);
  const multiple = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : undefined;
  if (multiple !== undefined) value = Math.ceil(value / multiple) * multiple;
  return value;
}
