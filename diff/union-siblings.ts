import { isRecord } from '../kit/json/guards';
import type { Documents } from './describe-location';
import { resolvePath } from './resolve-path';
import type { PathSegment } from './types';

/**
 * The diff engine copies the keywords written next to an `anyOf`/`oneOf` into each member before
 * comparing, so a `default` added beside a union comes out once per member, inside it
 * (`tool_choice‹anyOf 0›: default added`, `‹anyOf 1›: default added`). This gives such a change the
 * path where the keyword is written: the union's own schema. A keyword a member has itself, in
 * either document, stays the member's.
 */
export function liftUnionSibling(path: readonly PathSegment[], docs: Documents): readonly PathSegment[] {
  const at = path.findLastIndex(
    (segment, index) =>
      (segment === 'anyOf' || segment === 'oneOf') && typeof path[index + 1] === 'number' && index + 2 < path.length,
  );
  if (at === -1) return path;
  const keyword = String(path[at + 2]);
  const has = (node: unknown): boolean => isRecord(node) && Object.hasOwn(node, keyword);
  const documents = [docs.before, docs.after];
  const inUnion = documents.some((document) => has(resolvePath(document, path.slice(0, at))));
  const inMember = documents.some((document) => has(resolvePath(document, path.slice(0, at + 2))));
  return inUnion && !inMember ? [...path.slice(0, at), ...path.slice(at + 2)] : path;
}
