/**
 * JSON pointers (RFC 6901): `/a~1b/0` names key `a/b`, then index 0. A pointer may carry the `#`
 * of a URI fragment (`#/components/schemas/Model`); the segments are percent-decoded then.
 */

/** One path segment as written in a pointer: `~` → `~0`, `/` → `~1`. */
export function encodeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A segment as read from a pointer: `~1` → `/`, `~0` → `~` (in that order, per RFC 6901). */
export function decodeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The pointer of a path: `['paths', '/responses']` → `/paths/~1responses`. */
export function toPointer(path: readonly (string | number)[]): string {
  return path.map((segment) => `/${encodeSegment(segment)}`).join('');
}

/** The path of a pointer: `#/paths/~1responses` → `['paths', '/responses']`. */
export function parsePointer(pointer: string): string[] {
  const fragment = pointer.startsWith('#');
  const body = fragment ? pointer.slice(1) : pointer;
  if (body === '') return [];
  return body
    .split('/')
    .slice(1)
    .map((raw) => decodeSegment(fragment ? decodeURIComponent(raw) : raw));
}

/** The value a pointer names inside `root`, or undefined when it names nothing. */
export function valueAt(root: unknown, pointer: string): unknown {
  let current = root;
  for (const segment of parsePointer(pointer)) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
