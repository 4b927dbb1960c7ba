import type { ChangeLocation, Documents } from './describe-location';
import type { RawChange } from './describe-change';
import { resolvePath } from './resolve-path';
import { wireChange } from './parameter-wire';
import { BOTH, verdict } from './audience-verdict';

/**
 * Changes judged by names and by the wire rather than by values: paths and path parameters
 * renamed, operation ids, parameter names, and a parameter's serialization (audiences.ts).
 */

const PATH_PARAMETER_RENAMED = verdict(
  ['clients'],
  "no byte changes on the wire, but generated clients name the argument after the path parameter (the mock reads path parameters by their place in the spec's template)",
  { clients: 'rename the argument in calls made through generated clients after regenerating them' },
);

/** `/model/{author}/{slug}` → `/model/{author}/{model_slug}`: the same requests, other argument names. */
export function pathRenameJudge(change: RawChange) {
  if (change.action !== 'rename' || change.path.length !== 1 || change.path[0] !== 'paths') return undefined;
  const shape = (route: unknown): string => String(route).replace(/\{[^}]*\}/g, '{}');
  if (shape(change.before) === shape(change.after)) return PATH_PARAMETER_RENAMED;
  return verdict(BOTH, 'requests go to another path', {
    clients: 'call the new path',
    gateways: 'serve the new path',
  });
}

/** A parameter's `name`: a path parameter's only names an argument; any other is another parameter. */
export function parameterNameJudge(change: RawChange, location: ChangeLocation, docs: Documents) {
  if (location.tail.length !== 1 || location.tail[0] !== 'name' || !/parameter `/.test(location.where))
    return undefined;
  // The engine reports the rename under the path as it was, which the new document may not have.
  const where = [docs.before, docs.after].map(
    (document) => (resolvePath(document, change.path.slice(0, -1)) as { in?: unknown } | undefined)?.in,
  );
  if (where.includes('path')) return PATH_PARAMETER_RENAMED;
  return verdict(BOTH, 'requests must carry the parameter under its new name', {
    clients: 'send the parameter under its new name',
    gateways: 'read the parameter under its new name',
  });
}

export function operationIdJudge(change: RawChange) {
  const { path } = change;
  if (path[0] !== 'paths' || path.length !== 4 || path[3] !== 'operationId') return undefined;
  return verdict(
    ['clients'],
    'generated clients name their calls after the operationId (and the mock finds its handler by it); the wire does not change',
    {
      clients: 'rename the calls made through generated clients after regenerating them',
    },
  );
}

/** `style` / `explode` of a parameter: judged by what they change on the wire for its type. */
export function serializationJudge(change: RawChange, location: ChangeLocation, docs: Documents) {
  const keyword = location.tail[0];
  if (
    (keyword !== 'style' && keyword !== 'explode') ||
    location.tail.length !== 1 ||
    !/parameter `/.test(location.where)
  )
    return undefined;
  const parameterPath = change.path.slice(0, -1);
  const moved = wireChange(resolvePath(docs.before, parameterPath), resolvePath(docs.after, parameterPath));
  // The engine calls some of these annotations, others breaking: the wire decides.
  if (!moved.changes) return { ...verdict([], moved.why), severity: 'non-breaking' as const };
  return {
    ...verdict(BOTH, moved.why, {
      clients: 'serialize the parameter the new way (regenerate typed clients)',
      gateways: 'parse the parameter the new way',
    }),
    severity: 'breaking' as const,
  };
}
