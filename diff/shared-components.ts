import { parsePointer, valueAt } from '../kit/json/json-pointer';
import type { Documents } from './describe-location';
import { describeLocation } from './describe-location';
import { describeChange } from './describe-change';
import type { RawChange } from './describe-change';
import type { PathSegment, SpecChange } from './types';
import { toPointer } from '../kit/json/json-pointer';

/**
 * The diff engine reports a change to a shared schema at every place that uses it: a change to
 * the error envelope's `code` comes out once per error response of every operation. These find
 * the component a change was made in, so the report says it once and lists where it is used.
 */

/**
 * The innermost `#/components/schemas/X` the path goes through, as a path from there
 * (`['components', 'schemas', 'ErrorObject', 'properties', 'code', 'type']`); undefined when the
 * change is not inside a referenced schema.
 */
export function componentPath(
  document: unknown,
  path: readonly PathSegment[],
  throughAllOf = false,
): readonly PathSegment[] | undefined {
  let node: unknown = document;
  let origin: PathSegment[] | undefined;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    const parent = node as Record<string, unknown>;
    node = parent[String(segment)];
    if (node === undefined && throughAllOf && Array.isArray(parent.allOf)) {
      // The diff saw this object's allOf folded into it (fold-all-of.ts): find the member that holds the key.
      const holder = parent.allOf
        .map((member: unknown) => (isLocalRef(member) ? valueAt(document, member.$ref) : member))
        .find((member) => typeof member === 'object' && member !== null && String(segment) in member);
      if (holder === undefined) return undefined;
      node = (holder as Record<string, unknown>)[String(segment)];
    }
    origin?.push(segment);
    for (let hops = 0; hops < 32 && isLocalRef(node); hops++) {
      const target = parsePointer(node.$ref);
      // Only schemas are grouped; a response or parameter component starts over.
      origin = target[0] === 'components' && target[1] === 'schemas' && target.length === 3 ? target : undefined;
      node = valueAt(document, node.$ref);
    }
  }
  return origin;
}

function isLocalRef(value: unknown): value is { $ref: string } {
  const ref = typeof value === 'object' && value !== null ? (value as { $ref?: unknown }).$ref : undefined;
  return typeof ref === 'string' && ref.startsWith('#/');
}

/** A change as found at one place of use, with the component it was made in, if any. */
export interface PlacedChange {
  readonly change: SpecChange;
  readonly raw: RawChange;
  readonly component: readonly PathSegment[] | undefined;
}

/**
 * One change per component change used in two places or more, named after the component, with
 * `uses` listing the places (`POST /responses response 400 (application/json) error.code`). The
 * same edit judged differently at different places (request and response) stays apart.
 */
export function groupSharedChanges(placed: readonly PlacedChange[], docs: Documents): SpecChange[] {
  const groups = new Map<string, PlacedChange[]>();
  const keyOf = ({ change, raw, component }: PlacedChange): string =>
    component === undefined
      ? `place:${change.pointer}:${groups.size}`
      : JSON.stringify([component, raw.action, raw.before, raw.after, change.severity, change.why, change.breaks]);
  for (const item of placed) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const changes: SpecChange[] = [];
  for (const group of groups.values()) {
    const [first] = group;
    if (!first) continue;
    if (group.length === 1 || first.component === undefined) {
      changes.push(...group.map((item) => item.change));
      continue;
    }
    const location = describeLocation(first.component, docs);
    changes.push({
      ...first.change,
      pointer: toPointer(first.component),
      operation: undefined,
      where: location.where,
      what: describeChange({ ...first.raw, path: first.component }, location.tail),
      uses: group.map(({ change }) => `${change.operation ?? 'document'} ${change.where}`),
    });
  }
  return changes;
}
