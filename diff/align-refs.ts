import { isRecord } from '../kit/json/guards';
import type { JsonObject } from '../kit/json/guards';
import type { Documents } from './describe-location';
import { NAMED_MAPS } from './named-maps';
import { isRefNode, writeOut } from './ref-siblings';
import type { RefNode } from './ref-siblings';

/**
 * The two documents as the diff engine should see them. api-smart-diff 1.0.6 compares a `$ref`
 * with a `$ref` well (it resolves both and reports changes where they are used) but misreads
 * two other forms:
 * - a `$ref` with siblings: it rewrites `{$ref: X, default: auto}` to `allOf: [{$ref: X}, {default:
 *   auto}]`, cannot resolve that `$ref`, and so reports X's keywords removed, an `allOf` added, and
 *   misses a sibling `maxLength`;
 * - a `$ref` on one side where the other has a schema written inline: it reshapes the unresolved
 *   `{$ref}` before resolving it, so an inline `anyOf` moved into a component comes out as
 *   alternatives added and removed.
 * So a `$ref` with siblings is written out (ref-siblings.ts: the referenced schema and the
 * siblings), and so is a `$ref` facing an inline object in the other document. A `$ref` facing
 * a `$ref` is left to the engine. The documents are copied, not changed.
 */
export function alignRefs(before: unknown, after: unknown): Documents {
  const [alignedBefore, alignedAfter] = align({ before, after }, before, after, false, EMPTY, EMPTY);
  return { before: alignedBefore, after: alignedAfter };
}

const EMPTY: ReadonlySet<string> = new Set();

/** Values that are data (a default, an example), where an object with a `$ref` key is not a reference. */
const DATA: ReadonlySet<string> = new Set(['default', 'const', 'enum', 'examples', 'example']);

/**
 * The nodes found at one place of the two documents (undefined where a document has none).
 * @param names whether the nodes are maps of names (`properties`...), whose keys are no keywords
 * @param seenBefore, seenAfter the references already written out on the way here: a recursive
 *   schema stops at its second visit and is left to the engine as a `$ref`
 */
function align(
  docs: Documents,
  before: unknown,
  after: unknown,
  names: boolean,
  seenBefore: ReadonlySet<string>,
  seenAfter: ReadonlySet<string>,
): [unknown, unknown] {
  if (!names) {
    [before, seenBefore] = withSiblings(docs.before, before, seenBefore);
    [after, seenAfter] = withSiblings(docs.after, after, seenAfter);
    if (isRefNode(before) && isRecord(after) && !isRefNode(after))
      [before, seenBefore] = writtenOut(docs.before, before, seenBefore);
    else if (isRefNode(after) && isRecord(before) && !isRefNode(before))
      [after, seenAfter] = writtenOut(docs.after, after, seenAfter);
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    const pairs = Array.from({ length }, (_, index) =>
      align(docs, before[index], after[index], false, seenBefore, seenAfter),
    );
    return [pairs.slice(0, before.length).map(([b]) => b), pairs.slice(0, after.length).map(([, a]) => a)];
  }
  if (isRecord(before) && isRecord(after)) {
    const alignedBefore: JsonObject = {};
    const alignedAfter: JsonObject = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const data = !names && (DATA.has(key) || /^x-/i.test(key));
      const [b, a] = data
        ? [before[key], after[key]]
        : align(docs, before[key], after[key], !names && NAMED_MAPS.has(key), seenBefore, seenAfter);
      if (key in before) alignedBefore[key] = b;
      if (key in after) alignedAfter[key] = a;
    }
    return [alignedBefore, alignedAfter];
  }
  if (!isContainer(before) && !isContainer(after)) return [before, after];
  // Different shapes, or one side missing: each side on its own.
  const alone = (document: unknown, node: unknown, seen: ReadonlySet<string>): unknown =>
    node === undefined ? undefined : align({ before: document, after: document }, node, node, names, seen, seen)[0];
  return [alone(docs.before, before, seenBefore), alone(docs.after, after, seenAfter)];
}

function isContainer(value: unknown): boolean {
  return Array.isArray(value) || isRecord(value);
}

/** A `$ref` with siblings, written out; any other node as it is. */
function withSiblings(document: unknown, node: unknown, seen: ReadonlySet<string>): [unknown, ReadonlySet<string>] {
  return isRefNode(node) && Object.keys(node).length > 1 ? writtenOut(document, node, seen) : [node, seen];
}

function writtenOut(document: unknown, node: RefNode, seen: ReadonlySet<string>): [unknown, ReadonlySet<string>] {
  const out = writeOut(document, node, seen);
  return out ? [out, new Set([...seen, node.$ref])] : [node, seen];
}
