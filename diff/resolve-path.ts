import { valueAt } from '../kit/json/json-pointer';
import type { PathSegment } from './types';

/** Follows local `$ref`s (the spec uses no others) until a node that is not a reference. */
function deref(document: unknown, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isRef(current); hops++) {
    if (hops > 32 || !current.$ref.startsWith('#/')) return undefined;
    current = valueAt(document, current.$ref);
  }
  return current;
}

function isRef(value: unknown): value is { $ref: string } {
  return typeof value === 'object' && value !== null && typeof (value as { $ref?: unknown }).$ref === 'string';
}

/**
 * The node a diff path names, walking through `$ref`s the way the diff engine does (it reports
 * changes inside referenced schemas at the place of use). Undefined when the path does not resolve.
 */
export function resolvePath(document: unknown, path: readonly PathSegment[]): unknown {
  let current = deref(document, document);
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = deref(document, (current as Record<string, unknown>)[String(segment)]);
  }
  return current;
}
