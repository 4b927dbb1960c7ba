import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';

/**
 * The type a value for the schema takes: the first non-null one of `type` (`[string, 'null']` →
 * `string`), else what its keywords imply (`properties` → object, `items` → array).
 */
export function primaryType(schema: JsonObject): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return ((schema.type as unknown[]).find((t) => t !== 'null') as string) ?? 'null';
  if (isRecord(schema.properties) || Array.isArray(schema.required)) return 'object';
  if ('items' in schema || 'prefixItems' in schema) return 'array';
  return undefined;
}
