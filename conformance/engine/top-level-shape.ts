import type { Contract } from '../../kit/contract/contract';
import { isRecord } from '../../kit/json/guards';

/** How deep allOf/oneOf/anyOf and $ref chains are followed before giving the benefit of the doubt. */
const MAX_DEPTH = 8;

/**
 * Whether `value` has the top-level shape of the schema at `pointer`: the JSON type it names and
 * the members it requires, nothing deeper. It tells this API from whatever else may answer at a
 * base URL without asking for a perfect answer: a body with one wrong member further down is this
 * API with a defect, for the checks to report, not another service.
 */
export function hasTopLevelShape(contract: Contract, pointer: string, value: unknown): boolean {
  return shapeMatches(contract, contract.at(pointer), value, 0);
}

function shapeMatches(contract: Contract, raw: unknown, value: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH) return true;
  const schema = contract.resolve<unknown>(raw);
  if (!isRecord(schema)) return true;
  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
  if (types.length > 0 && !types.some((type) => typeMatches(type, value))) return false;
  if (Array.isArray(schema.required) && isRecord(value)) {
    if (!schema.required.every((name) => typeof name !== 'string' || name in value)) return false;
  } else if (Array.isArray(schema.required) && schema.required.length > 0) return false;
  if (Array.isArray(schema.allOf) && !schema.allOf.every((part) => shapeMatches(contract, part, value, depth + 1)))
    return false;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && !branches.some((part) => shapeMatches(contract, part, value, depth + 1)))
      return false;
  }
  return true;
}

function typeMatches(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return true;
  }
}
