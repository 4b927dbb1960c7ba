import { isRecord } from '../../../../../kit/json/guards';
import type { JsonObject } from '../../../../../kit/json/guards';
import { sampleValue } from '../../../../../kit/sample/sample-value';
import type { ToolResult } from './tool-turn';

/**
 * A JSON answer for `schema` after tool results: the sampled object, with each top-level member
 * the results' JSON outputs carry under the same name taken from them when it plainly fits the
 * member's schema (so `{"city": "Paris", "celsius": 21}` from get_weather fills a weather card's
 * `city` and `celsius`). Deterministic: the first result that has a member gives it.
 */
export function objectFromResults(schema: unknown, results: readonly ToolResult[]): unknown {
  const sampled = sampleValue(schema);
  if (!isRecord(sampled) || !isRecord(schema) || !isRecord(schema.properties)) return sampled;
  const known = new Map<string, unknown>();
  for (const result of results) {
    for (const [name, value] of Object.entries(jsonObject(result.output))) if (!known.has(name)) known.set(name, value);
  }
  const out: JsonObject = { ...sampled };
  for (const [name, member] of Object.entries(schema.properties)) {
    if (name in out && known.has(name) && fits(member, known.get(name))) out[name] = known.get(name);
  }
  return out;
}

function jsonObject(text: string): JsonObject {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

/** Keywords this check reads; a member schema with any other (a format, a union, a `$ref`) keeps its sampled value. */
const READ = new Set(['type', 'description', 'title', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength']);

/** The value fits a simple member schema: a scalar of its type, within its enum and bounds. */
function fits(member: unknown, value: unknown): boolean {
  if (!isRecord(member) || Object.keys(member).some((keyword) => !READ.has(keyword))) return false;
  const types = Array.isArray(member.type) ? member.type : [member.type];
  const type = jsonType(value);
  if (type === undefined || !(types.includes(type) || (type === 'integer' && types.includes('number')))) return false;
  if (Array.isArray(member.enum) && !member.enum.includes(value)) return false;
  const size = typeof value === 'string' ? Array.from(value).length : value;
  if (typeof size !== 'number') return true;
  const [low, high] =
    typeof value === 'string' ? [member.minLength, member.maxLength] : [member.minimum, member.maximum];
  return !(typeof low === 'number' && size < low) && !(typeof high === 'number' && size > high);
}

function jsonType(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value;
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return undefined;
}
