import { isRecord } from '../kit/json/guards';
import type { Documents } from './describe-location';
import type { EngineDiff, EngineRun } from './engine-rule-errors';
import { memberName } from './match-union-members';
import { resolvePath } from './resolve-path';
import type { PathSegment } from './types';

/**
 * The diff engine pairs a union's members by likeness (the pairs with the fewest differences
 * first), so when a member changes inside it may pair it with another member: two named members
 * come out as `$ref` A → B and B → A, and what changed inside them is never compared. For a union
 * whose members all have a name (match-union-members.ts) on both sides, this drops the engine's
 * changes at the union and compares each member with the member of the same name instead, one
 * pair at a time (the union reduced to that pair, so the engine cannot pair it otherwise); a name
 * on one side only is a member added or removed.
 */
export function repairUnionPairs(
  run: EngineRun,
  docs: Documents,
  engine: (b: unknown, a: unknown) => EngineRun,
): EngineRun {
  const unions = new Map<string, readonly PathSegment[]>();
  for (const diff of run.diffs) {
    const path = diff.path as readonly PathSegment[];
    const at = path.length - 3;
    if (path[path.length - 1] === '$ref' && isUnion(path[at]) && typeof path[at + 1] === 'number')
      unions.set(JSON.stringify(path.slice(0, at + 1)), path.slice(0, at + 1));
  }
  let { diffs, ruleErrors } = run;
  for (const union of unions.values()) {
    const before = resolvePath(docs.before, union);
    const after = resolvePath(docs.after, union);
    if (!Array.isArray(before) || !Array.isArray(after)) continue;
    const beforeNames = before.map(memberName);
    const afterNames = after.map(memberName);
    if (!namedOnce(beforeNames) || !namedOnce(afterNames)) continue;
    const inside = (path: readonly unknown[]): boolean =>
      path.length > union.length && union.every((segment, index) => path[index] === segment);
    diffs = diffs.filter((diff) => !inside(diff.path));
    ruleErrors = ruleErrors.filter((error) => !error.node.startsWith(`${union.join('.')}.`));
    beforeNames.forEach((name, index) => {
      const other = afterNames.indexOf(name);
      if (other === -1) {
        diffs.push({
          action: 'remove',
          path: [...union, index],
          before: before[index],
          type: 'unclassified',
        } as EngineDiff);
        return;
      }
      if (
        JSON.stringify(before[index]) === JSON.stringify(after[other]) &&
        isRecord(before[index]) &&
        !before[index].$ref
      )
        return;
      const pairDocs = {
        before: reduced(docs.before, union, before[index]),
        after: reduced(docs.after, union, after[other]),
      };
      const pair = engine(pairDocs.before, pairDocs.after);
      const at = (path: readonly unknown[]): boolean => inside(path) && path[union.length] === 0;
      for (const diff of pair.diffs.filter((found) => at(found.path))) {
        const path = [...union, index, ...diff.path.slice(union.length + 1)];
        diffs.push({ ...diff, path } as EngineDiff);
      }
      const prefix = `${[...union, 0].join('.')}.`;
      for (const error of pair.ruleErrors.filter((found) => found.node.startsWith(prefix)))
        ruleErrors.push({ ...error, node: `${[...union, index].join('.')}.${error.node.slice(prefix.length)}` });
    });
    afterNames.forEach((name, index) => {
      if (!beforeNames.includes(name))
        diffs.push({
          action: 'add',
          path: [...union, before.length + index],
          after: after[index],
          type: 'unclassified',
        } as EngineDiff);
    });
  }
  return { diffs, ruleErrors };
}

function isUnion(segment: unknown): boolean {
  return segment === 'anyOf' || segment === 'oneOf';
}

function namedOnce(names: readonly (string | undefined)[]): names is readonly string[] {
  return names.every((name) => name !== undefined) && new Set(names).size === names.length;
}

/**
 * A copy of the document whose union at `union` holds only `member`, with only the operation the
 * union is in (no operation for a union in `components`): each pair costs one small diff.
 */
function reduced(document: unknown, union: readonly PathSegment[], member: unknown): unknown {
  if (!isRecord(document)) return document;
  const [section, route, method] = union.map(String);
  const operation = section === 'paths' ? resolvePath(document, ['paths', route ?? '', method ?? '']) : undefined;
  const paths = operation === undefined ? {} : { [route ?? '']: { [method ?? '']: operation } };
  const copy = structuredClone({ ...document, paths });
  const holder = resolvePath(copy, union.slice(0, -1));
  if (isRecord(holder)) holder[String(union[union.length - 1])] = [member];
  return copy;
}
