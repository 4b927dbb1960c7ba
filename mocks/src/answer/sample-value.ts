/**
 * A deterministic value that satisfies a JSON Schema: used for function-call arguments when
 * `tool_choice` forces a call no script supplies (the tool's `parameters`, contract §2.5) and
 * for answers to `text.format` json_schema. Covers type, const, enum, default, examples, $ref
 * (local), allOf, anyOf/oneOf (first branch), properties/required, min/max bounds, multipleOf,
 * minItems/maxItems, minLength/maxLength and common formats. `pattern` is not synthesized.
 */
type Schema = Readonly<Record<string, unknown>>;

const MAX_DEPTH = 8;

const FORMATS: Readonly<Record<string, string>> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};

export function sampleValue(schema: unknown, root: unknown = schema, depth = 0): unknown {
  if (!isSchema(schema)) return schema === false ? null : 'example';
  if (depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === 'string') return sampleValue(resolveRef(root, schema.$ref), root, depth + 1);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.allOf)) return sampleValue(mergeAll(schema, schema.allOf, root), root, depth + 1);
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (branches && branches.length > 0) {
    const rest: Record<string, unknown> = { ...schema };
    delete rest.anyOf;
    delete rest.oneOf;
    return sampleValue(mergeAll(rest, [branches[0]], root), root, depth + 1);
  }
  switch (pickType(schema)) {
    case 'object':
      return sampleObject(schema, root, depth);
    case 'array':
      return sampleArray(schema, root, depth);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return sampleString(schema);
  }
}

function pickType(schema: Schema): string {
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  const named =
    types.find((t): t is string => typeof t === 'string' && t !== 'null') ?? types.find((t) => t === 'null');
  if (typeof named === 'string') return named;
  if (isSchema(schema.properties) || Array.isArray(schema.required)) return 'object';
  if ('items' in schema || 'prefixItems' in schema) return 'array';
  return 'string';
}

function sampleObject(schema: Schema, root: unknown, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = isSchema(schema.properties) ? schema.properties : {};
  for (const [name, sub] of Object.entries(properties)) out[name] = sampleValue(sub, root, depth + 1);
  const extra = schema.additionalProperties === false ? false : (schema.additionalProperties ?? true);
  for (const name of Array.isArray(schema.required) ? schema.required : []) {
    if (typeof name === 'string' && !(name in out)) out[name] = sampleValue(extra, root, depth + 1);
  }
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  for (let i = 1; Object.keys(out).length < minProperties && extra !== false; i++) {
    if (!(`key${i}` in out)) out[`key${i}`] = sampleValue(extra, root, depth + 1);
  }
  return out;
}

function sampleArray(schema: Schema, root: unknown, depth: number): unknown[] {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Math.max(min, prefix.length, 1);
  const count = Math.min(Math.max(min, prefix.length, 1), max);
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const sub = i < prefix.length ? prefix[i] : (schema.items ?? true);
    const value = sampleValue(sub, root, depth + 1);
    // uniqueItems: make repeated strings and numbers distinct.
    if (schema.uniqueItems === true && i > 0 && typeof value === 'string') out.push(`${value}${i + 1}`);
    else if (schema.uniqueItems === true && i > 0 && typeof value === 'number') out.push(value + i);
    else out.push(value);
  }
  return out;
}

function sampleNumber(schema: Schema, integer: boolean): number {
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

function sampleString(schema: Schema): string {
  let value = (typeof schema.format === 'string' ? FORMATS[schema.format] : undefined) ?? 'example';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  if (value.length < min) value = value.padEnd(min, 'x');
  if (typeof schema.maxLength === 'number') value = value.slice(0, schema.maxLength);
  return value;
}

/** Shallow merge of schemas: properties and required are united, other keywords first wins. */
function mergeAll(base: Schema, parts: readonly unknown[], root: unknown): Schema {
  const merged: Record<string, unknown> = { ...base };
  delete merged.allOf;
  for (const raw of parts) {
    const part = isSchema(raw) && typeof raw.$ref === 'string' ? resolveRef(root, raw.$ref) : raw;
    if (!isSchema(part)) continue;
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isSchema(value))
        merged.properties = { ...(isSchema(merged.properties) ? merged.properties : {}), ...value };
      else if (key === 'required' && Array.isArray(value))
        merged.required = [...(Array.isArray(merged.required) ? merged.required : []), ...value];
      else if (!(key in merged)) merged[key] = value;
    }
  }
  return merged;
}

function resolveRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return true;
  let current: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    current = isSchema(current) ? current[key] : undefined;
  }
  return current ?? true;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
