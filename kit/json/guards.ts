/** A JSON object: the shape of every schema, request body and event the kit reads. */
export type JsonObject = Record<string, unknown>;

/** A plain object (not null, not an array): what `typeof x === 'object'` does not say alone. */
export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
