import { isRecord } from '../kit/json/guards';
import type { JsonObject } from '../kit/json/guards';
import type { Documents } from './describe-location';
import { NAMED_MAPS } from './named-maps';

/** Values that are data, not schemas: their arrays are never reordered. */
const DATA = new Set(['default', 'const', 'enum', 'examples', 'example', 'required', 'type']);

/**
 * The two documents with each `anyOf`/`oneOf` of the later one in the order of the earlier one,
 * its members paired by what names them: the `$ref`, else the `title`, else the `const` (or single
 * `enum` value) of the member's `type` property, else the member's own `const`. The diff engine
 * pairs members by position, so swapping two members came out as two `$ref`s replaced; paired by
 * name, a reorder is no change and a member changed inside is compared with itself. A member
 * without a name, or a name used twice, leaves that union as it is. A member the earlier document
 * lacks goes after the paired ones. The documents are copied, not changed.
 */
export function matchUnionMembers(docs: Documents): Documents {
  return { before: docs.before, after: pair(docs.before, docs.after, false) };
}

function pair(before: unknown, after: unknown, names: boolean): unknown {
  if (Array.isArray(after)) {
    const list = Array.isArray(before) ? before : [];
    return after.map((item, index) => pair(list[index], item, false));
  }
  if (!isRecord(after)) return after;
  const old = isRecord(before) ? before : {};
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(after)) {
    if (!names && (DATA.has(key) || /^x-/i.test(key))) copy[key] = value;
    else if (!names && (key === 'anyOf' || key === 'oneOf') && Array.isArray(value) && Array.isArray(old[key])) {
      const ordered = reorder(old[key] as unknown[], value);
      copy[key] = ordered.map((member, index) => pair((old[key] as unknown[])[index], member, false));
    } else copy[key] = pair(old[key], value, !names && NAMED_MAPS.has(key));
  }
  return copy;
}

/** `after` in the order of `before`, by member name; `after` itself when a name is missing or repeated. */
function reorder(before: readonly unknown[], after: readonly unknown[]): readonly unknown[] {
  const beforeNames = before.map(memberName);
  const afterNames = after.map(memberName);
  const unique = (list: readonly (string | undefined)[]): list is readonly string[] =>
    list.every((name) => name !== undefined) && new Set(list).size === list.length;
  if (!unique(beforeNames) || !unique(afterNames)) return after;
  const byName = new Map(afterNames.map((name, index) => [name, after[index]]));
  const paired = beforeNames.filter((name) => byName.has(name)).map((name) => byName.get(name));
  const rest = afterNames.filter((name) => !beforeNames.includes(name)).map((name) => byName.get(name));
  return [...paired, ...rest];
}

export function memberName(member: unknown): string | undefined {
  if (!isRecord(member)) return undefined;
  if (typeof member.$ref === 'string') return `$ref ${member.$ref}`;
  if (typeof member.title === 'string') return `title ${member.title}`;
  const type = isRecord(member.properties) ? member.properties.type : undefined;
  if (isRecord(type)) {
    if (type.const !== undefined) return `type ${JSON.stringify(type.const)}`;
    if (Array.isArray(type.enum) && type.enum.length === 1) return `type ${JSON.stringify(type.enum[0])}`;
  }
  if (member.const !== undefined) return `const ${JSON.stringify(member.const)}`;
  return undefined;
}
