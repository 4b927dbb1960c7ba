import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';

/**
 * The type a value for the schema takes: the first non-null one of `type` (`[string, 'null']` →
 * `string`), else what its keywords imply (`properties`, `propertyNames`… → object; `items`,
 * `prefixItems`… → array).
 */
export function primaryType(schema: JsonObject): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return ((schema.type as unknown[]).find((t) => t !== 'null') as string) ?? 'null';
  const object = ['properties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties'];
  if (object.some((k) => k in schema) || Array.isArray(schema.required) || isRecord(schema.additionalProperties))
    return 'object';
  if (['items', 'prefixItems', 'additionalItems', 'contains', 'minItems', 'maxItems'].some((k) => k in schema))
    return 'array';
  return undefined;
}
