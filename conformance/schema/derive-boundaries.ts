import type { Contract } from '../../kit/contract/contract';
import { sampleValue } from '../../kit/sample/sample-value';
import { fillString, patternBreaker, sampleString } from '../../kit/sample/sample-string';
import { primaryType } from '../../kit/sample/schema-type';
import { NAMES_MODELS, requestSampleOptions } from './sample-hints';
import type { SampleHints } from './sample-hints';
import { isRecord } from '../../kit/json/guards';
import type { JsonObject } from '../../kit/json/guards';

/**
 * `limit`: a limit keyword (length, size, range, key rules) at or just past its boundary.
 * `closed-object`: a member the schema does not list, where `additionalProperties: false` (ProviderPreferences).
 * `unknown-kind`: a discriminator value no branch defines (Plugin plugins).
 * `enum`: a string outside a string `enum` (service_tier, include, a header such as X-Service-Metadata).
 */
export type CaseKind = 'limit' | 'closed-object' | 'unknown-kind' | 'enum';

/** The value sent where a string enum allows only its own values. */
export const OUTSIDE_ENUM = 'conformance-outside-enum';

export interface BoundaryCase {
  readonly kind: CaseKind;
  /** Readable location and value, e.g. `user of 257 characters (maxLength 256)`. */
  readonly description: string;
  /** The keyword the case was derived from. */
  readonly keyword: string;
  /** Schema pointer of the node carrying the keyword. */
  readonly pointer: string;
  readonly valid: boolean;
  /** The whole request body (or parameter value) carrying the case. */
  readonly value: unknown;
}

type Wrap = (value: unknown) => unknown;

const MAX_DEPTH = 8;

/**
 * Walks a schema and derives, from its own keywords, a value at and just past every boundary it
 * states. Nothing here knows a number of the contract: change `maxLength` in the document and the
 * cases follow. `wrap` places a value where the node lives inside the full request.
 */
export function deriveBoundaries(
  contract: Contract,
  pointer: string,
  hints: SampleHints,
  wrap: Wrap = (v) => v,
  label = '',
): BoundaryCase[] {
  const cases: BoundaryCase[] = [];
  walk(contract, pointer, hints, wrap, label, cases, 0, new Set());
  return cases;
}

function walk(
  contract: Contract,
  pointer: string,
  hints: SampleHints,
  wrap: Wrap,
  label: string,
  out: BoundaryCase[],
  depth: number,
  seen: Set<string>,
): void {
  if (depth > MAX_DEPTH) return;
  const raw = contract.at<unknown>(pointer);
  const at = isRecord(raw) && typeof raw.$ref === 'string' ? raw.$ref : pointer;
  if (seen.has(at)) return; // recursive schemas: each node once per path
  const inner = new Set(seen).add(at);
  const schema = contract.resolve<JsonObject>(raw);
  const name =
    label
      .split(/[.[\]]/)
      .filter(Boolean)
      .pop() ?? '';
  const add = (kind: CaseKind, keyword: string, valid: boolean, value: unknown, what: string) =>
    out.push({ kind, keyword, pointer: at, valid, value: wrap(value), description: `${label || '(body)'} ${what}` });

  // A model id (`model`, `models[0]`, `analysis_models[0]`): its valid values are the target's
  // catalog's, so a made-up id at a length boundary proves nothing; only breaches are sent.
  const member =
    label
      .replace(/\[\d+\]/g, '')
      .split(/[.[\]()]/)
      .filter(Boolean)
      .pop() ?? '';
  const namesModels = primaryType(schema) === 'string' && NAMES_MODELS.test(member);
  limitCases(
    contract,
    schema,
    hints,
    name,
    namesModels
      ? (kind, keyword, valid, value, what) => {
          if (!valid) add(kind, keyword, valid, value, what);
        }
      : add,
  );
  enumCase(schema, add);

  const properties = isRecord(schema.properties) ? schema.properties : undefined;
  const base = (sampleValue(schema, requestSampleOptions(contract, hints), name) ?? {}) as Record<string, unknown>;
  if (properties) {
    for (const key of Object.keys(properties)) {
      walk(
        contract,
        `${at}/properties/${key}`,
        hints,
        (v) => wrap({ ...base, [key]: v }),
        join(label, key),
        out,
        depth + 1,
        inner,
      );
    }
    if (schema.additionalProperties === false) {
      add(
        'closed-object',
        'additionalProperties',
        false,
        { ...base, conformance_unlisted_member: true },
        'with a member the schema does not list',
      );
    }
  }
  if (isRecord(schema.additionalProperties)) {
    const key = sampleString(isRecord(schema.propertyNames) ? schema.propertyNames : {});
    walk(
      contract,
      `${at}/additionalProperties`,
      hints,
      (v) => wrap({ ...base, [key]: v }),
      `${label}.${key}`,
      out,
      depth + 1,
      inner,
    );
  }
  if (isRecord(schema.items)) {
    const extra = Math.max(0, (typeof schema.minItems === 'number' ? schema.minItems : 1) - 1);
    const filler = Array.from({ length: extra }, () =>
      sampleValue(schema.items, requestSampleOptions(contract, hints), name),
    );
    walk(contract, `${at}/items`, hints, (v) => wrap([v, ...filler]), `${label}[0]`, out, depth + 1, inner);
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = Array.isArray(schema[keyword]) ? (schema[keyword] as unknown[]) : [];
    branches.forEach((branch, i) => {
      const kind = discriminatorValue(contract, branch, schema);
      walk(contract, `${at}/${keyword}/${i}`, hints, wrap, kind ? `${label}(${kind})` : label, out, depth + 1, inner);
    });
  }
  const discriminator = isRecord(schema.discriminator) ? schema.discriminator.propertyName : undefined;
  if (typeof discriminator === 'string') {
    add(
      'unknown-kind',
      'discriminator',
      false,
      { [discriminator]: 'conformance-unknown-kind' },
      `with ${discriminator} "conformance-unknown-kind"`,
    );
  }
}

type Add = (kind: CaseKind, keyword: string, valid: boolean, value: unknown, what: string) => void;

function limitCases(contract: Contract, schema: JsonObject, hints: SampleHints, name: string, add: Add): void {
  const type = primaryType(schema);
  const num = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  const step = type === 'integer' ? 1 : 0.01;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  if (type === 'string') {
    const max = num('maxLength');
    const min = num('minLength');
    if (max !== undefined) {
      add('limit', 'maxLength', true, fillString(schema, max), `of ${max} characters (maxLength ${max})`);
      add('limit', 'maxLength', false, fillString(schema, max + 1), `of ${max + 1} characters (maxLength ${max})`);
    }
    if (min !== undefined && min > 0) {
      add('limit', 'minLength', true, fillString(schema, min), `of ${chars(min)} (minLength ${min})`);
      add('limit', 'minLength', false, fillString(schema, min - 1), `of ${chars(min - 1)} (minLength ${min})`);
    }
    const breaker = patternBreaker(schema);
    if (breaker !== undefined)
      add('limit', 'pattern', false, breaker, `${JSON.stringify(breaker)} (pattern ${String(schema.pattern)})`);
  }
  if (type === 'integer' || type === 'number') {
    const [max, min, xmax, xmin] = [num('maximum'), num('minimum'), num('exclusiveMaximum'), num('exclusiveMinimum')];
    if (max !== undefined) {
      add('limit', 'maximum', true, max, `= ${max} (maximum ${max})`);
      add('limit', 'maximum', false, round(max + step), `= ${round(max + step)} (maximum ${max})`);
    }
    if (min !== undefined) {
      add('limit', 'minimum', true, min, `= ${min} (minimum ${min})`);
      add('limit', 'minimum', false, round(min - step), `= ${round(min - step)} (minimum ${min})`);
    }
    if (xmax !== undefined) {
      add('limit', 'exclusiveMaximum', true, round(xmax - step), `= ${round(xmax - step)} (exclusiveMaximum ${xmax})`);
      add('limit', 'exclusiveMaximum', false, xmax, `= ${xmax} (exclusiveMaximum ${xmax})`);
    }
    if (xmin !== undefined) {
      add('limit', 'exclusiveMinimum', true, round(xmin + step), `= ${round(xmin + step)} (exclusiveMinimum ${xmin})`);
      add('limit', 'exclusiveMinimum', false, xmin, `= ${xmin} (exclusiveMinimum ${xmin})`);
    }
  }
  if (type === 'array') {
    const item = () => sampleValue(schema.items ?? {}, requestSampleOptions(contract, hints), name);
    const list = (n: number) => Array.from({ length: n }, item);
    const [max, min] = [num('maxItems'), num('minItems')];
    if (max !== undefined) {
      add('limit', 'maxItems', true, list(max), `with ${items(max)} (maxItems ${max})`);
      add('limit', 'maxItems', false, list(max + 1), `with ${items(max + 1)} (maxItems ${max})`);
    }
    if (min !== undefined && min > 0) {
      add('limit', 'minItems', true, list(min), `with ${items(min)} (minItems ${min})`);
      add('limit', 'minItems', false, list(min - 1), `with ${items(min - 1)} (minItems ${min})`);
    }
  }
  if (type === 'object') objectLimitCases(contract, schema, hints, add);
}

/** A string enum (null may be among its values) breached by a string it does not list. */
function enumCase(schema: JsonObject, add: Add): void {
  const values = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : undefined;
  if (!values?.some((v) => typeof v === 'string') || !values.every((v) => typeof v === 'string' || v === null)) return;
  const listed = values.map((v) => (v === null ? 'null' : v)).join(', ');
  add('enum', 'enum', false, OUTSIDE_ENUM, `${JSON.stringify(OUTSIDE_ENUM)} (enum ${listed})`);
}

function objectLimitCases(contract: Contract, schema: JsonObject, hints: SampleHints, add: Add): void {
  const names = isRecord(schema.propertyNames) ? contract.resolve<JsonObject>(schema.propertyNames) : {};
  const value = () =>
    isRecord(schema.additionalProperties)
      ? sampleValue(schema.additionalProperties, requestSampleOptions(contract, hints))
      : 'v';
  const pairs = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [keyOf(names, i), value()]));
  const [max, min] = [schema.maxProperties, schema.minProperties];
  if (typeof max === 'number') {
    add('limit', 'maxProperties', true, pairs(max), `with ${max} pairs (maxProperties ${max})`);
    add('limit', 'maxProperties', false, pairs(max + 1), `with ${max + 1} pairs (maxProperties ${max})`);
  }
  if (typeof min === 'number' && min > 0) {
    add('limit', 'minProperties', true, pairs(min), `with ${min} pairs (minProperties ${min})`);
    add('limit', 'minProperties', false, pairs(min - 1), `with ${min - 1} pairs (minProperties ${min})`);
  }
  if (typeof names.maxLength === 'number') {
    const n = names.maxLength;
    add(
      'limit',
      'propertyNames.maxLength',
      true,
      { [fillString(names, n)]: value() },
      `with a key of ${n} characters (propertyNames maxLength ${n})`,
    );
    add(
      'limit',
      'propertyNames.maxLength',
      false,
      { [fillString(names, n + 1)]: value() },
      `with a key of ${n + 1} characters (propertyNames maxLength ${n})`,
    );
  }
  const breaker = patternBreaker(names);
  if (breaker !== undefined)
    add(
      'limit',
      'propertyNames.pattern',
      false,
      { [breaker]: value() },
      `with the key ${JSON.stringify(breaker)} (propertyNames pattern ${String(names.pattern)})`,
    );
}

/** Distinct keys valid for `propertyNames`: `k0`, `k1`… (or a pattern-satisfying variant). */
function keyOf(names: JsonObject, i: number): string {
  const key = `k${i}`;
  return typeof names.pattern === 'string' && !new RegExp(names.pattern, 'u').test(key)
    ? fillString(names, i + 1)
    : key;
}

function discriminatorValue(contract: Contract, branch: unknown, parent: JsonObject): string | undefined {
  const property =
    isRecord(parent.discriminator) && typeof parent.discriminator.propertyName === 'string'
      ? parent.discriminator.propertyName
      : 'type';
  const schema = contract.resolve<JsonObject>(branch);
  const props = isRecord(schema.properties) ? schema.properties : {};
  const value = contract.resolve<JsonObject>(props[property] ?? {}).const;
  return typeof value === 'string' ? value : undefined;
}

function chars(n: number): string {
  return n === 1 ? '1 character' : `${n} characters`;
}

function items(n: number): string {
  return n === 1 ? '1 item' : `${n} items`;
}

function join(label: string, key: string): string {
  return label === '' ? key : `${label}.${key}`;
}
