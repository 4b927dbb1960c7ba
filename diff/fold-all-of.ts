import { isRecord } from '../kit/json/guards';
import type { JsonObject } from '../kit/json/guards';
import { NAMED_MAPS } from './named-maps';

/**
 * Where an object schema's `allOf` rules (members that constrain more than members' shapes) are
 * put for the diff engine: a map from each rule's name to the rule. Not an `x-` key, which would
 * pass as documentation.
 */
export const RULES_KEY = 'allOf rules';

/** Keywords of an `allOf` member that describe the object's members, and fold into the parent. */
const SHAPE = new Set(['properties', 'required', 'type']);
/** Keywords that only document: they may go with a folded member. */
const NOTES = new Set(['title', 'description', '$comment']);
/** Values that are data, not schemas. */
const DATA = new Set(['default', 'const', 'enum', 'examples', 'example']);

/**
 * The document with every object schema's `allOf` folded into one view, for the diff engine.
 * api-smart-diff merges an `allOf` itself, and when a member holds an `anyOf` or `if`/`then` it
 * distributes the object over the alternatives: every property then comes out "removed" and an
 * `anyOf` "added", and a keyword changed inside is never seen. So, for a schema that has its own
 * `properties`:
 * - an inline member with only `properties`, `required` and `type` (and notes) joins the parent:
 *   its property names (when no other place names them), its required names, a type the parent
 *   shares. Moving properties into such a member is then no change.
 * - any other inline member is a rule (a titled `anyOf`, an `if`/`then`): it is kept whole under
 *   RULES_KEY, named by its title (or its text), so rules pair by name, not by position.
 * A `$ref` member stays in `allOf`, for the engine to merge as before. The document is copied.
 */
export function foldAllOf(document: unknown): unknown {
  return walk(document, false, (schema) => fold(withoutUnionNotes(schema)));
}

/**
 * The document without the notes beside its unions (withoutUnionNotes), again after the `$ref`s
 * are written out (align-refs.ts), which brings back the notes of the schemas they name.
 */
export function dropUnionNotes(document: unknown): unknown {
  return walk(document, false, withoutUnionNotes);
}

function walk(node: unknown, names: boolean, change: (schema: JsonObject) => JsonObject): unknown {
  if (Array.isArray(node)) return node.map((item) => walk(item, false, change));
  if (!isRecord(node)) return node;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    const data = !names && (DATA.has(key) || /^x-/i.test(key));
    copy[key] = data ? value : walk(value, !names && NAMED_MAPS.has(key), change);
  }
  return names ? copy : change(copy);
}

/**
 * The notes beside an `anyOf`/`oneOf` (`x-` keys, `description`, `$comment`) left out: the engine
 * copies a union's siblings into each member, and a `$ref` member with a sibling is to it an
 * `allOf` it no longer resolves, so adding `x-feature` beside a union came out as every `$ref`
 * member removed and an `allOf` added, and a keyword changed inside a member went unseen. Notes
 * document the spec and change no client (their changes are annotations).
 */
function withoutUnionNotes(schema: JsonObject): JsonObject {
  if (!Array.isArray(schema.anyOf) && !Array.isArray(schema.oneOf)) return schema;
  return Object.fromEntries(
    Object.entries(schema).filter(([key]) => !/^x-/i.test(key) && key !== 'description' && key !== '$comment'),
  );
}

function fold(schema: JsonObject): JsonObject {
  const members = schema.allOf;
  if (!Array.isArray(members) || !isRecord(schema.properties)) return schema;
  const properties: JsonObject = { ...schema.properties };
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const rules: JsonObject = {};
  const kept: unknown[] = [];
  for (const member of members) {
    if (!isRecord(member) || typeof member.$ref === 'string') kept.push(member);
    else if (foldsInto(member, schema, properties)) {
      Object.assign(properties, member.properties ?? {});
      if (Array.isArray(member.required)) member.required.forEach((name) => required.add(String(name)));
    } else rules[ruleName(member)] = member;
  }
  const folded: JsonObject = { ...schema, properties };
  delete folded.allOf;
  if (kept.length > 0) folded.allOf = kept;
  if (required.size > 0) folded.required = [...required];
  if (Object.keys(rules).length > 0) folded[RULES_KEY] = rules;
  return folded;
}

/** Whether the member only adds members to the parent's shape, so folding it changes nothing. */
function foldsInto(member: JsonObject, parent: JsonObject, properties: JsonObject): boolean {
  const keys = Object.keys(member);
  if (!keys.every((key) => SHAPE.has(key) || NOTES.has(key))) return false;
  if (member.type !== undefined && JSON.stringify(member.type) !== JSON.stringify(parent.type)) return false;
  if (member.required !== undefined && !Array.isArray(member.required)) return false;
  if (member.properties === undefined) return true;
  return (
    isRecord(member.properties) && Object.keys(member.properties).every((name) => !Object.hasOwn(properties, name))
  );
}

function ruleName(member: JsonObject): string {
  return typeof member.title === 'string' ? member.title.trim() : JSON.stringify(member);
}
