import type { ChangeSeverity, SpecChange } from '../../types';

export type Row = readonly [ChangeSeverity, string | undefined, string, string];

/**
 * Changes as [class, operation, where, what] rows; a change to a shared schema once per place it
 * is used (the report lists those places under the schema), so a table states each place's class.
 */
export function changeRows(changes: readonly SpecChange[]): Row[] {
  return changes.flatMap((change): Row[] =>
    change.uses
      ? change.uses.map((use) => {
          const [method = '', route = '', ...where] = use.split(' ');
          return [change.severity, `${method} ${route}`, where.join(' '), change.what];
        })
      : [[change.severity, change.operation, change.where, change.what]],
  );
}
