import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import { parsePointer } from '../json/json-pointer';
import type { Contract } from './contract-types';
import { CORE_FEATURE } from './core-members';
import type { OperationInfo } from './operations';

/**
 * Which feature each part of the API belongs to, read from the document's `x-feature` keywords:
 * on an operation or the security scheme it requires, a request body member (at any depth of the
 * body's schema), a header parameter, a schema, a response member, a semantic rule's example.
 * Whatever no keyword marks is the core.
 */
export interface FeatureIndex {
  /** `core` first, then every feature the document names, in document order. */
  readonly features: readonly string[];
  /** Feature → what carries it: members, headers, operations, security schemes (`plugins`, `X-Service-Metadata`), for reports. */
  readonly carriers: ReadonlyMap<string, readonly string[]>;
  /** The extension features a request exercises: its operation's, its body members', its headers'. */
  ofRequest(
    operation: OperationInfo,
    body: unknown,
    headers: Readonly<Record<string, string>> | undefined,
  ): readonly string[];
  /**
   * The feature of a rule a check cites: a JSON pointer into the document (the deepest `x-feature`
   * on its way, `$ref`s followed) or `operationId …` (the operation's features); none for the core.
   */
  ofRule(rule: string): readonly string[];
  /** The request with the body members and headers of `features` taken out, at any depth of the body. */
  without(
    operation: OperationInfo,
    request: { readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> },
    features: readonly string[],
  ): { body: unknown; headers: Record<string, string> };
}

type Node = Record<string, unknown>;

const RULES_REMEMBERED = 10_000;
/** No feature: one frozen list, handed out instead of a new empty one. */
const NONE: readonly string[] = Object.freeze([]);

export function featureIndex(contract: Contract, operations: readonly OperationInfo[]): FeatureIndex {
  const features: string[] = [CORE_FEATURE];
  const carriers = new Map<string, string[]>();
  const note = (feature: string, carrier?: string) => {
    if (!features.includes(feature)) features.push(feature);
    if (carrier === undefined) return;
    const list = carriers.get(feature) ?? [];
    if (!list.includes(carrier)) list.push(carrier);
    carriers.set(feature, list);
  };
  collectFeatures(contract.document, (feature) => note(feature));
  const byOperation = new Map<string, OperationFeatures>();
  for (const op of operations) {
    const own = operationFeatures(contract, op, note);
    const members = new Map<string, string>();
    const nested = new Map<string, string>();
    const pointer = op.requestBody?.content.get('application/json');
    if (pointer !== undefined) taggedMembers(contract, contract.at(pointer), [members, nested], new Set());
    const headers = new Map<string, string>();
    for (const param of op.parameters) {
      const feature = param.in === 'header' ? parameterFeature(contract, op, param.name) : undefined;
      if (feature !== undefined) headers.set(param.name.toLowerCase(), feature);
      if (feature !== undefined) note(feature, param.name);
    }
    for (const [member, feature] of members) note(feature, member);
    byOperation.set(op.operationId, { own, members, nested, headers });
  }
  /** A rule's feature by rule: every passing check of every exchange the proxy sees asks again. */
  const ruleFeatures = new Map<string, readonly string[]>();
  return {
    features,
    carriers,
    ofRequest(operation, body, headers) {
      const entry = byOperation.get(operation.operationId);
      if (!entry) return NONE;
      // Asked for every exchange a proxy sees: nothing is allocated until a feature is found.
      let found: Set<string> | undefined = entry.own.length === 0 ? undefined : new Set(entry.own);
      const add = (feature: string | undefined): void => {
        if (feature !== undefined) (found ??= new Set()).add(feature);
      };
      if (isRecord(body))
        for (const key in body) {
          const member = entry.members.get(key);
          if (member !== undefined) add(member);
          else if (entry.nested.size > 0) walkKeys(body[key], (inner) => add(entry.nested.get(inner)));
        }
      if (headers !== undefined && entry.headers.size > 0)
        for (const name in headers) add(entry.headers.get(name.toLowerCase()));
      return found === undefined ? NONE : [...found];
    },
    ofRule(rule) {
      let found = ruleFeatures.get(rule);
      if (found === undefined) {
        found = rule.startsWith('#/')
          ? onPath(contract, rule)
          : (byOperation.get(rule.split(' ')[0] ?? '')?.own ?? NONE);
        // Rules are finitely many; the bound only guards against a check that makes them up.
        if (ruleFeatures.size < RULES_REMEMBERED) ruleFeatures.set(rule, found);
      }
      return found;
    },
    without(operation, request, drop) {
      const entry = byOperation.get(operation.operationId);
      const gone = (map: ReadonlyMap<string, string> | undefined, key: string) => drop.includes(map?.get(key) ?? '');
      const headers = Object.fromEntries(
        Object.entries(request.headers ?? {}).filter(([name]) => !gone(entry?.headers, name.toLowerCase())),
      );
      if (!isRecord(request.body)) return { body: request.body, headers };
      const body = Object.fromEntries(
        Object.entries(request.body)
          .filter(([key]) => !gone(entry?.members, key))
          .map(([key, value]) => [
            key,
            entry?.members.has(key) ? value : dropKeys(value, (k) => gone(entry?.nested, k)),
          ]),
      );
      return { body, headers };
    },
  };
}

function dropKeys(value: unknown, gone: (key: string) => boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => dropKeys(item, gone));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !gone(key))
      .map(([key, inner]) => [key, dropKeys(inner, gone)]),
  );
}

interface OperationFeatures {
  readonly own: readonly string[];
  /** Top-level body member → feature. */
  readonly members: ReadonlyMap<string, string>;
  /** A tagged member deeper in the body (a content part's `cache_control`) → feature. */
  readonly nested: ReadonlyMap<string, string>;
  /** Lower-cased header name → feature. */
  readonly headers: ReadonlyMap<string, string>;
}

/** An operation's `x-feature`, and those of the security schemes it requires (each noted with what carries it). */
function operationFeatures(
  contract: Contract,
  op: OperationInfo,
  note: (feature: string, carrier: string) => void,
): string[] {
  const node = contract.at<Node>(`#/paths/${encode(op.path)}/${op.method.toLowerCase()}`);
  const schemes = isRecord(contract.document.components) ? contract.document.components.securitySchemes : undefined;
  const found: Array<readonly [string | undefined, string]> = [
    [tagOf(node), `${op.method} ${op.path}`],
    ...op.securitySchemes.map((s) => [tagOf(isRecord(schemes) ? schemes[s] : undefined), `${s} security`] as const),
  ];
  for (const [feature, carrier] of found) if (feature !== undefined) note(feature, carrier);
  return [...new Set(found.flatMap(([feature]) => (feature === undefined ? [] : [feature])))];
}

function parameterFeature(contract: Contract, op: OperationInfo, name: string): string | undefined {
  const node = contract.at<Node>(`#/paths/${encode(op.path)}/${op.method.toLowerCase()}`);
  const params = Array.isArray(node.parameters) ? node.parameters : [];
  for (const raw of params) {
    const param = contract.resolve<JsonObject>(raw);
    if (param.name === name) return tagOf(param) ?? tagOf(raw);
  }
  return undefined;
}

/**
 * Every tagged property the schema reaches (through $ref, allOf/anyOf/oneOf, items), by name: the
 * body's own members into the first map, deeper ones into the second. A tagged member is not
 * entered: what lies inside it is its feature's.
 */
function taggedMembers(
  contract: Contract,
  schema: unknown,
  [top, deeper]: readonly [Map<string, string>, Map<string, string>],
  seen: Set<unknown>,
): void {
  if (!isRecord(schema) || seen.has(schema)) return;
  seen.add(schema);
  const below: [Map<string, string>, Map<string, string>] = [deeper, deeper];
  if (typeof schema.$ref === 'string') taggedMembers(contract, contract.resolve(schema), [top, deeper], seen);
  if (isRecord(schema.properties))
    for (const [name, property] of Object.entries(schema.properties)) {
      const feature = tagOf(property);
      if (feature !== undefined && !top.has(name)) top.set(name, feature);
      if (feature === undefined) taggedMembers(contract, property, below, seen);
    }
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(schema[key]))
      for (const branch of schema[key]) taggedMembers(contract, branch, [top, deeper], seen);
  for (const key of ['items', 'additionalProperties']) taggedMembers(contract, schema[key], below, seen);
}

function onPath(contract: Contract, pointer: string): readonly string[] {
  const feature = featureOnPath(contract, pointer);
  return feature === undefined ? NONE : [feature];
}

/** The deepest `x-feature` on the way to a pointer; a `$ref` met on the way is followed. */
function featureOnPath(contract: Contract, pointer: string): string | undefined {
  let node: unknown = contract.document;
  let feature = tagOf(node);
  for (const segment of parsePointer(pointer)) {
    if (isRecord(node) && typeof node.$ref === 'string' && !(segment in node)) node = contract.resolve(node);
    if (!isRecord(node) && !Array.isArray(node)) return feature;
    node = (node as Record<string, unknown>)[segment];
    feature = tagOf(node) ?? feature;
    if (isRecord(node) && typeof node.$ref === 'string') feature = tagOf(contract.resolve(node)) ?? feature;
  }
  return feature;
}

function collectFeatures(node: unknown, note: (feature: string) => void): void {
  if (Array.isArray(node)) for (const item of node) collectFeatures(item, note);
  if (!isRecord(node)) return;
  const feature = tagOf(node);
  if (feature !== undefined) note(feature);
  for (const value of Object.values(node)) collectFeatures(value, note);
}

function walkKeys(value: unknown, visit: (key: string) => void): void {
  if (Array.isArray(value)) for (const item of value) walkKeys(item, visit);
  if (!isRecord(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    visit(key);
    walkKeys(inner, visit);
  }
}

function tagOf(node: unknown): string | undefined {
  return isRecord(node) && typeof node['x-feature'] === 'string' ? node['x-feature'] : undefined;
}

function encode(path: string): string {
  return path.replace(/~/g, '~0').replace(/\//g, '~1');
}
