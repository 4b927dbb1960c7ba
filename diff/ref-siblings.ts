import { isRecord } from '../kit/json/guards';
import type { JsonObject } from '../kit/json/guards';
import { valueAt } from '../kit/json/json-pointer';

/**
 * What a `$ref` with sibling keywords means in OpenAPI 3.1 (JSON Schema 2020-12): `{$ref: X,
 * default: auto}` is the schema X *and* the siblings, the `$ref` applying in addition to them, and
 * the siblings' annotations speaking for this place of use. Also a Reference Object's `summary`
 * and `description`, which replace the referenced object's.
 */

/**
 * Keywords that describe rather than constrain (JSON Schema's meta-data vocabulary, `$comment`,
 * OpenAPI's `example` and `externalDocs`, a Reference Object's `summary`). Next to a `$ref` they
 * speak for this place of use, so they replace the referenced schema's own.
 */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'summary',
  'default',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'externalDocs',
]);

/**
 * Keywords that read other keywords of the same schema object (`additionalProperties` is about the
 * properties `properties` does not name...). When the siblings and the referenced schema share a
 * group, writing them into one object would change what either means.
 */
const INTERACTING: readonly ReadonlySet<string>[] = [
  new Set(['properties', 'patternProperties', 'additionalProperties']),
  new Set(['prefixItems', 'items']),
  new Set(['contains', 'minContains', 'maxContains']),
  new Set(['if', 'then', 'else']),
];

/** These see every keyword of their object, even through `$ref`: never merged into one object. */
const UNEVALUATED: readonly string[] = ['unevaluatedProperties', 'unevaluatedItems'];

const isAnnotation = (keyword: string): boolean => ANNOTATIONS.has(keyword) || /^x-/i.test(keyword);

/** A Reference Object or a schema with a `$ref`, with or without siblings. */
export type RefNode = JsonObject & { readonly $ref: string };

export function isRefNode(value: unknown): value is RefNode {
  return isRecord(value) && typeof value.$ref === 'string';
}

/**
 * `node` with the local schema its `$ref` names written in place and its siblings merged in
 * (mergeSiblings). Undefined when the reference is not local, names no object, or comes back to
 * one of `seen` (a recursive schema).
 */
export function writeOut(document: unknown, node: RefNode, seen: ReadonlySet<string>): JsonObject | undefined {
  const { $ref, ...siblings } = node;
  if (!$ref.startsWith('#') || seen.has($ref)) return undefined;
  const target = valueAt(document, $ref);
  const resolved = isRefNode(target) ? writeOut(document, target, new Set([...seen, $ref])) : target;
  return isRecord(resolved) ? mergeSiblings(resolved, siblings) : undefined;
}

/**
 * `{$ref: target, ...siblings}` without the `$ref`. The siblings' annotations replace the target's.
 * Assertions that the target does not have, and that read none of its keywords, join it in one
 * object, exactly as if written there. Otherwise the target goes under `allOf` next to the
 * siblings, which is what a `$ref` is (an in-place applicator, like each `allOf` member).
 */
export function mergeSiblings(target: JsonObject, siblings: JsonObject): JsonObject {
  const kept = Object.fromEntries(
    Object.entries(target).filter(([keyword]) => !(isAnnotation(keyword) && keyword in siblings)),
  );
  const assertions = Object.keys(siblings).filter((keyword) => !isAnnotation(keyword));
  const inTarget = Object.keys(kept);
  const clash =
    assertions.length > 0 &&
    (assertions.some((keyword) => keyword in kept) ||
      [...assertions, ...inTarget].some((keyword) => UNEVALUATED.includes(keyword)) ||
      INTERACTING.some((group) => assertions.some((k) => group.has(k)) && inTarget.some((k) => group.has(k))));
  if (!clash) return { ...kept, ...siblings };
  const others = Array.isArray(siblings.allOf) ? (siblings.allOf as unknown[]) : [];
  return { ...siblings, allOf: [kept, ...others] };
}
