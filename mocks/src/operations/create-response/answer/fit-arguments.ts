import { isRecord } from '../../../../../kit/json/guards';
import type { JsonObject } from '../../../../../kit/json/guards';
import { sampleValue } from '../../../../../kit/sample/sample-value';

/**
 * A script's call arguments fitted to the tool the request gives, as a model fills the tool's own
 * schema: arguments that name only the tool's members and give every required one are kept as
 * written. Otherwise the required members the script leaves out are built from the schema (the
 * sampler), except that a script string under a name the tool lacks fills the first missing
 * required plain-string member (`{"city": "Paris"}` for a tool taking `location` and `unit`
 * becomes `{"location": "Paris", "unit": "c"}`); the script's other members are kept when the
 * tool has them, or allows additional members.
 */
export function fitArguments(scripted: JsonObject, parameters: unknown): JsonObject {
  if (!isRecord(parameters) || !isRecord(parameters.properties)) return scripted;
  const properties = parameters.properties;
  const required = Array.isArray(parameters.required)
    ? parameters.required.filter((n): n is string => typeof n === 'string')
    : [];
  const unknown = Object.keys(scripted).filter((name) => !(name in properties));
  const missing = required.filter((name) => !(name in scripted));
  if (unknown.length === 0 && missing.length === 0) return scripted;
  const strays = unknown.filter((name) => typeof scripted[name] === 'string');
  const moved = new Map<string, string>();
  for (const name of missing.filter((n) => isPlainString(properties[n]))) {
    const stray = strays.shift();
    if (stray === undefined) break;
    moved.set(name, stray);
  }
  const sampled = sampleValue(parameters);
  const out: JsonObject = isRecord(sampled) ? { ...sampled } : {};
  const open = parameters.additionalProperties !== false;
  for (const [name, value] of Object.entries(scripted)) {
    if (name in properties || (open && ![...moved.values()].includes(name))) out[name] = value;
  }
  for (const [name, from] of moved) out[name] = scripted[from];
  return out;
}

/** A member any string fits: type string, with no enum, const, pattern or format to meet. */
function isPlainString(schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  const type = schema.type;
  const string = type === 'string' || (Array.isArray(type) && type.includes('string'));
  return string && !('enum' in schema || 'const' in schema || 'pattern' in schema || 'format' in schema);
}
