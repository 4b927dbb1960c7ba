import type { PathSegment } from './types';

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null;
}

/** Follows local `$ref`s (the spec uses no others) until a node that is not a reference. */
function deref(document: Json, node: Json): Json {
  let current = node;
  for (let hops = 0; isRecord(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 32 || !current.$ref.startsWith('#/')) return undefined;
    current = pointerValue(document, current.$ref.slice(1));
  }
  return current;
}

function pointerValue(document: Json, pointer: string): Json {
  let current = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

/**
 * The node a diff path names, walking through `$ref`s the way the diff engine does (it reports
 * changes inside referenced schemas at the place of use). Undefined when the path does not resolve.
 */
export function resolvePath(document: Json, path: readonly PathSegment[]): Json {
  let current = deref(document, document);
  for (const segment of path) {
    if (!isRecord(current)) return undefined;
    current = deref(document, (current as Record<string, Json>)[String(segment)]);
  }
  return current;
}

/** RFC 6901 pointer of a diff path. */
export function toPointer(path: readonly PathSegment[]): string {
  return path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
