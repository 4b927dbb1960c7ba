import type { ChangeLocation, Documents } from './describe-location';
import type { RawChange } from './describe-change';
import { parsePointer } from '../kit/json/json-pointer';
import { NAMED_MAPS } from './named-maps';
import { resolvePath } from './resolve-path';
import type { ChangeSeverity } from './types';
import { valueSetRule } from './value-set-rules';
import type { Direction } from './value-set-rules';
import { allOfRulesRule } from './all-of-rules';

export interface Classification {
  readonly severity: ChangeSeverity;
  /** Set when a rule below decided, so the report can say why. */
  readonly reason: string | undefined;
  /** How a set of allowed values moved, when a rule measured it (value-set-rules.ts). */
  readonly direction?: Direction;
}

type Rule = (change: RawChange, location: ChangeLocation, docs: Documents) => Classification | undefined;

/**
 * Rules for what the diff engine (api-smart-diff) gets wrong or leaves open on this spec.
 * Each returns undefined when it does not apply; the first that applies wins.
 */
const RULES: readonly Rule[] = [
  extensionRule,
  examplesRule,
  textRule,
  allOfRulesRule,
  responseDefaultRule,
  unionRule,
  operationIdRule,
  securityRule,
  removedPropertyRule,
  addedResponsePropertyRule,
  typeRule,
  valueSetRule,
];

export function reclassify(
  change: RawChange,
  location: ChangeLocation,
  docs: Documents,
  engine: ChangeSeverity,
): Classification {
  for (const rule of RULES) {
    const decided = rule(change, location, docs);
    if (decided) return decided;
  }
  return { severity: engine, reason: undefined };
}

/** `x-*` keys (`x-not-shown`) document the spec for its readers; no client or mock reads them. */
function extensionRule(change: RawChange): Classification | undefined {
  const isExtension = (segment: unknown, index: number): boolean =>
    typeof segment === 'string' && /^x-/i.test(segment) && !NAMED_MAPS.has(String(change.path[index - 1]));
  if (!change.path.some(isExtension)) return undefined;
  return { severity: 'annotation', reason: 'an x-* extension is documentation in this spec' };
}

/** Examples (media-type `examples`, schema `examples`) illustrate; they constrain nothing. */
function examplesRule(change: RawChange, location: ChangeLocation): Classification | undefined {
  const first = location.tail[0];
  if (first !== 'examples' && first !== 'example') return undefined;
  return { severity: 'annotation', reason: 'examples illustrate the contract and constrain nothing' };
}

/** A tag's or the document's description or summary is prose for readers; the engine leaves it open. */
function textRule(change: RawChange): Classification | undefined {
  const { path } = change;
  const last = path[path.length - 1];
  if (path[0] !== 'tags' || (last !== 'description' && last !== 'summary')) return undefined;
  return { severity: 'annotation', reason: 'a tag description is prose for readers' };
}

/**
 * A `default` in a response schema only documents a value: clients get what the server sends,
 * and a default changes no generated type (defaultNonNullable: false in scripts/generate-types.ts).
 * The engine calls one added breaking. (A request member's default is what the server assumes
 * when a client leaves the member out, and the mock echoes it: there the engine's classes stand.)
 */
function responseDefaultRule(_change: RawChange, location: ChangeLocation): Classification | undefined {
  if (location.side !== 'response' || location.tail[0] !== 'default') return undefined;
  return { severity: 'non-breaking', reason: 'a response default documents a value; clients get what is sent' };
}

/**
 * anyOf/oneOf. The engine matches members by position, so a union whose member changed inside
 * (or moved) comes out as `$ref` replacements. The same members in another order is no change;
 * a member added or removed widens or narrows what the union allows.
 */
function unionRule(change: RawChange, location: ChangeLocation, docs: Documents): Classification | undefined {
  const { path, action } = change;
  const at = path.findLastIndex(
    (segment, index) => (segment === 'anyOf' || segment === 'oneOf') && typeof path[index + 1] === 'number',
  );
  if (at === -1) return undefined;
  if (at === path.length - 2 && action !== 'replace' && location.side !== undefined) {
    const widens = action === 'add';
    if (location.side === 'request') {
      return widens
        ? { severity: 'non-breaking', reason: 'the request accepts one more alternative' }
        : { severity: 'breaking', reason: 'the request no longer accepts this alternative' };
    }
    return widens
      ? { severity: 'breaking', reason: 'the response may now take a shape clients do not expect' }
      : { severity: 'non-breaking', reason: 'the response no longer takes this shape' };
  }
  const unionPath = path.slice(0, at + 1);
  const members = (document: unknown): string | undefined => {
    const list = resolvePath(document, unionPath);
    return Array.isArray(list)
      ? list
          .map((member) => JSON.stringify(withoutNotes(expand(document, member), false)))
          .sort()
          .join('\n')
      : undefined;
  };
  const before = members(docs.before);
  if (before !== undefined && before === members(docs.after)) {
    return {
      severity: 'annotation',
      reason: 'the same union members (their descriptions aside), paired otherwise by the diff engine',
    };
  }
  if (path[path.length - 1] === '$ref') {
    return {
      severity: 'unclassified',
      reason:
        'a member of this union changed and the diff engine matched members by position: compare the members by hand',
    };
  }
  return undefined;
}

/** A schema without the keys that only document it (descriptions, examples, `x-` keys). */
function withoutNotes(node: unknown, names: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutNotes(item, false));
  if (typeof node !== 'object' || node === null) return node;
  const notes = /^(?:x-.*|description|\$comment|examples?)$/i;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => names || !notes.test(key))
      .map(([key, value]) => [key, withoutNotes(value, !names && NAMED_MAPS.has(key))]),
  );
}

/** A schema with every `$ref` replaced by its target (cycles stop at the second visit). */
function expand(document: unknown, node: unknown, seen: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(node)) return node.map((item) => expand(document, item, seen));
  if (typeof node !== 'object' || node === null) return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    if (seen.has(ref)) return { $ref: ref };
    return expand(document, resolvePath(document, parsePointer(ref)), new Set([...seen, ref]));
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, expand(document, value, seen)]));
}

/** The engine calls an operationId an annotation, but the mock's handler registry and generated clients are keyed by it. */
function operationIdRule(change: RawChange): Classification | undefined {
  const { path } = change;
  if (path[0] !== 'paths' || path.length !== 4 || path[3] !== 'operationId') return undefined;
  return {
    severity: 'breaking',
    reason: 'the mock finds its handler by operationId and generated clients name their calls after it',
  };
}

/**
 * Security requirements: a scheme added inside an existing requirement object must now also be
 * satisfied (the engine calls it non-breaking); a new requirement object is a new alternative.
 */
function securityRule(change: RawChange, _location: ChangeLocation, docs: Documents): Classification | undefined {
  const { path, action } = change;
  const at = path.lastIndexOf('security');
  if (at === -1 || action !== 'add' || path.length !== at + 3) return undefined;
  const requirementExisted = resolvePath(docs.before, path.slice(0, at + 2)) !== undefined;
  if (!requirementExisted) return undefined;
  return { severity: 'breaking', reason: 'callers must now satisfy this scheme as well' };
}

/** A removed property: the engine lets optional ones go, but generated types and readers of the field break. */
function removedPropertyRule(change: RawChange, location: ChangeLocation): Classification | undefined {
  const { path, action } = change;
  if (action !== 'remove' || path[path.length - 2] !== 'properties' || location.side === undefined) return undefined;
  return {
    severity: 'breaking',
    reason:
      location.side === 'request'
        ? 'clients that send it will have it ignored or rejected'
        : 'clients and generated types that read it lose it',
  };
}

/**
 * A property added on the response side: the response may only carry more, and a reader that does
 * not know the member ignores it. The engine calls some breaking, e.g. members stated beside an
 * `allOf` that narrow what a referenced schema already lists (GuardrailBlockError's service_metadata).
 */
function addedResponsePropertyRule(change: RawChange, location: ChangeLocation): Classification | undefined {
  const { path, action } = change;
  if (action !== 'add' || path[path.length - 2] !== 'properties' || location.side !== 'response') return undefined;
  return {
    severity: 'non-breaking',
    reason: 'a response may carry more members; readers ignore what they do not know',
  };
}

/**
 * OpenAPI 3.1 type lists (`[string, 'null']`): a request may accept more types, a response may
 * send fewer. The engine compares the keyword as a value and calls widening a request breaking.
 */
function typeRule(change: RawChange, location: ChangeLocation, docs: Documents): Classification | undefined {
  const at = keywordIndex(change.path, 'type');
  if (at === undefined || location.side === undefined) return undefined;
  const schemaPath = change.path.slice(0, at);
  const before = acceptedTypes(resolvePath(docs.before, schemaPath));
  const after = acceptedTypes(resolvePath(docs.after, schemaPath));
  const widened = isSubset(before, after);
  const narrowed = isSubset(after, before);
  const safe = location.side === 'request' ? widened : narrowed;
  const direction: Direction = widened && narrowed ? 'same' : widened ? 'widens' : narrowed ? 'narrows' : 'both';
  if (location.side === 'request') {
    return safe
      ? { severity: 'non-breaking', reason: 'the request still accepts every type it did', direction }
      : { severity: 'breaking', reason: 'the request rejects values of a type it accepted', direction };
  }
  return safe
    ? { severity: 'non-breaking', reason: 'the response sends no type it did not send before', direction }
    : { severity: 'breaking', reason: 'the response may carry a type clients do not expect', direction };
}

/** Index of `keyword` when the path ends at it or at one of its members (`type`, `type/1`). */
function keywordIndex(path: RawChange['path'], keyword: string): number | undefined {
  const last = path.length - 1;
  if (path[last] === keyword) return last;
  if (path[last - 1] === keyword && typeof path[last] === 'number') return last - 1;
  return undefined;
}

/** A set of allowed types; 'any' when the keyword is absent. */
type TypeSet = ReadonlySet<string> | 'any';

function acceptedTypes(schema: unknown): TypeSet {
  const type = (schema as { type?: unknown } | undefined)?.type;
  if (type === undefined) return 'any';
  const types = new Set((Array.isArray(type) ? type : [type]).map(String));
  if (types.has('number')) types.add('integer'); // JSON Schema: every integer is a number
  return types;
}

function isSubset(a: TypeSet, b: TypeSet): boolean {
  if (b === 'any') return true;
  if (a === 'any') return false;
  return [...a].every((type) => b.has(type));
}
