import { describeChange } from './describe-change';
import type { RawChange } from './describe-change';
import { describeLocation } from './describe-location';
import { reclassify } from './reclassify';
import { alignRefs } from './align-refs';
import { dropUnionNotes, foldAllOf } from './fold-all-of';
import { matchUnionMembers } from './match-union-members';
import { eventDataView } from './event-data-view';
import { liftUnionSibling } from './union-siblings';
import { diffWithRuleErrors } from './engine-rule-errors';
import { repairUnionPairs } from './repair-union-pairs';
import { toPointer } from '../kit/json/json-pointer';
import { componentPath, groupSharedChanges } from './shared-components';
import type { PlacedChange } from './shared-components';
import { SEVERITIES } from './types';
import { judgeAudiences } from './audiences';
import { componentNameChanges } from './component-names';
import type { ChangeSeverity, PathSegment, SpecChange, SpecDiffResult } from './types';

/** Component sections the engine also reports at every place of use under `paths`. */
const REPORTED_AT_USE = new Set([
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'headers',
  'examples',
  'links',
  'callbacks',
  'pathItems',
]);

/**
 * Compares two parsed OpenAPI 3.1 documents. api-smart-diff finds and classifies the changes
 * (it resolves `$ref`s and reports each change where an operation uses it); an object's `allOf`
 * reaches it folded into one view (fold-all-of.ts), union members paired by name
 * (match-union-members.ts), the `$ref`s it misreads written out (align-refs.ts), an event stream as the schema of one event's
 * data (event-data-view.ts), and the rules in reclassify.ts correct what it
 * misjudges for this spec.
 */
export function diffSpecs(before: unknown, after: unknown): SpecDiffResult {
  const aligned = alignRefs(foldAllOf(eventDataView(before)), foldAllOf(eventDataView(after)));
  const docs = matchUnionMembers({ before: dropUnionNotes(aligned.before), after: dropUnionNotes(aligned.after) });
  const placed: PlacedChange[] = [];
  // The engine rewrites its inputs while it walks them (it resolves references in place), so it
  // gets copies; the rules below read the documents as given to it.
  const reported = new Set<string>();
  const engine = (b: unknown, a: unknown) => diffWithRuleErrors(structuredClone(b), structuredClone(a));
  const { diffs, ruleErrors } = repairUnionPairs(engine(docs.before, docs.after), docs, engine);
  for (const diff of diffs) {
    const engineFailure = ruleErrors.find((error) => error.node === `${diff.path.join('.')}.`);
    const path = liftUnionSibling(diff.path as readonly PathSegment[], docs);
    // A change lifted out of a union's members is reported once, not once per member.
    const key = JSON.stringify([diff.action, path, diff.before, diff.after]);
    if (reported.has(key)) continue;
    reported.add(key);
    // A component change shows up again at each operation that uses it; the component copy,
    // classified without knowing request from response, would only repeat or contradict it.
    if (path[0] === 'components' && REPORTED_AT_USE.has(String(path[1]))) continue;
    const raw: RawChange = { action: diff.action, path, before: diff.before, after: diff.after };
    const location = describeLocation(path, docs);
    const classified = reclassify(raw, location, docs, diff.type as ChangeSeverity);
    const reason =
      engineFailure && classified.severity === 'unclassified'
        ? `the diff engine's rule failed here (${engineFailure.message})`
        : classified.reason;
    const { severity, breaks, why, todo } = judgeAudiences(raw, location, docs, { ...classified, reason });
    const change: SpecChange = {
      severity,
      action: diff.action,
      pointer: toPointer(path),
      operation: location.operation,
      where: location.where,
      what: describeChange(raw, location.tail),
      // The rule's reason as the audiences read it (`why`), so the two never disagree.
      reason: reason === undefined ? undefined : why,
      breaks,
      why,
      todo,
    };
    const side = diff.action === 'remove' ? 'before' : 'after';
    // A `$ref` with siblings reaches the engine written out (align-refs.ts): the document as
    // written shows the innermost shared schema the change was made in (UsdAmount, not MaxPrice).
    const component = componentPath(side === 'before' ? before : after, path, true) ?? componentPath(docs[side], path);
    placed.push({ change, raw, component });
  }
  const changes = withoutRenameEchoes([
    ...groupSharedChanges(placed, docs),
    ...componentNameChanges(before, after),
  ]).sort(byReadingOrder);
  return { changes, baseVersion: infoVersion(before), headVersion: infoVersion(after) };
}

/**
 * A path parameter renamed shows twice: as the path renamed (`/model/{author}/{slug}` →
 * `/model/{author}/{model_slug}`) and as the parameter's `name` changed under the old path. The
 * path's line says it all, so the parameter's is left out.
 */
function withoutRenameEchoes(changes: readonly SpecChange[]): SpecChange[] {
  const renamed = new Set(
    changes
      .filter((change) => change.pointer === '/paths' && change.action === 'rename')
      .map((change) => /\((\S+) → /.exec(change.what)?.[1]),
  );
  return changes.filter(
    (change) =>
      !(
        /^path parameter `/.test(change.where) &&
        /^name "/.test(change.what) &&
        renamed.has(change.operation?.split(' ')[1])
      ),
  );
}

export function countBySeverity(changes: readonly SpecChange[]): Record<ChangeSeverity, number> {
  const counts = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0])) as Record<ChangeSeverity, number>;
  for (const change of changes) counts[change.severity] += 1;
  return counts;
}

function byReadingOrder(a: SpecChange, b: SpecChange): number {
  return (
    SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
    heading(a).localeCompare(heading(b)) ||
    a.pointer.localeCompare(b.pointer)
  );
}

/** The operation a change is listed under; changes to shared schemas come after those to the document. */
export function heading(change: SpecChange): string {
  return change.operation ?? (change.uses ? 'shared schemas' : 'document');
}

function infoVersion(document: unknown): string | undefined {
  const version = (document as { info?: { version?: unknown } } | undefined)?.info?.version;
  return typeof version === 'string' ? version : undefined;
}
