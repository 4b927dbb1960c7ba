import { diffSpecs } from '../diff-specs';
import { changeRows } from './support/change-rows';
import type { Row } from './support/change-rows';
import { miniSpec } from './support/mini-spec';
import type { MiniSpec, Schema } from './support/mini-spec';

const BODY = 'request body (application/json)';
const request = (spec: MiniSpec): Schema => spec.components.schemas.ItemRequest!;

/** ItemRequest with its `name` and `kind` moved into an allOf member, and a titled rule beside them. */
function restructured(spec: MiniSpec, rule?: Schema): void {
  const schema = request(spec);
  const { name, kind, ...rest } = schema.properties!;
  schema.properties = rest;
  schema.allOf = [{ properties: { name: name!, kind: kind! } }, ...(rule ? [rule] : [])];
}

/** Changes other than annotations, as [class, operation, where, what]. */
function changesAfter(edit: (spec: MiniSpec) => void, base: (spec: MiniSpec) => void = () => {}): Row[] {
  const before = miniSpec();
  base(before);
  const after = miniSpec();
  base(after);
  edit(after);
  return changeRows(diffSpecs(before, after).changes).filter(([severity]) => severity !== 'annotation');
}

const NAME_RULE: Schema = { title: 'name or kind', anyOf: [{ required: ['name'] }, { required: ['kind'] }] };

describe('spec diff through allOf and unions', () => {
  const cases: Array<[string, () => Row[], Row[]]> = [
    ['properties moved into an allOf member are no change', () => changesAfter((spec) => restructured(spec)), []],
    [
      'a minLength added inside an allOf member of a request is breaking',
      () =>
        changesAfter((spec) => {
          restructured(spec);
          (request(spec).allOf as Schema[])[0]!.properties!.name!.minLength = 1;
        }),
      [['breaking', 'POST /items', `${BODY} name`, 'minLength 1 added']],
    ],
    [
      'a rule added to a request through allOf is breaking',
      () => changesAfter((spec) => restructured(spec, NAME_RULE)),
      [['breaking', 'POST /items', BODY, 'allOf rule "name or kind" added']],
    ],
    [
      'a rule removed from a request breaks only gateways that still enforce it',
      () =>
        changesAfter(
          (spec) => restructured(spec),
          (spec) => restructured(spec, NAME_RULE),
        ).filter(([, , , what]) => what.startsWith('allOf rule')),
      [['breaking', 'POST /items', BODY, 'allOf rule "name or kind" removed']],
    ],
    [
      'a rule changed inside is left for review',
      () =>
        changesAfter(
          (spec) => restructured(spec, { ...NAME_RULE, anyOf: [{ required: ['name'] }] }),
          (spec) => restructured(spec, NAME_RULE),
        )
          .map(([severity, operation]) => [severity, operation, '', ''] as Row)
          .filter((row, index, rows) => rows.findIndex((other) => other.join() === row.join()) === index),
      [['unclassified', 'POST /items', '', '']],
    ],
    [
      'union members in another order are no change',
      () =>
        changesAfter((spec) => {
          const schema = spec.paths['/items']!.post!.responses['403']!.content!['application/json']!.schema;
          schema.anyOf = [...schema.anyOf!].reverse();
        }),
      [],
    ],
    [
      'union members reordered and changed inside are compared by name (labelled by their earlier place)',
      () =>
        changesAfter((spec) => {
          const schema = spec.paths['/items']!.post!.responses['403']!.content!['application/json']!.schema;
          schema.anyOf = [...schema.anyOf!].reverse();
          spec.components.schemas.BlockError!.properties!.patterns!.maxItems = 3;
        }),
      [['breaking', 'POST /items', 'response 403 (application/json) ‹anyOf 1›.patterns', 'maxItems 3 added']],
    ],
    [
      'a description added beside a union hides no change inside its members',
      () =>
        changesAfter((spec) => {
          const schema = spec.paths['/items']!.post!.responses['403']!.content!['application/json']!.schema;
          schema.description = 'An error.';
          schema['x-feature'] = 'errors';
          spec.components.schemas.BlockError!.properties!.patterns!.minItems = 1;
        }),
      [['breaking', 'POST /items', 'response 403 (application/json) ‹anyOf 1›.patterns', 'minItems 1 added']],
    ],
  ];

  it.each(cases)('%s', (_name, given, want) => {
    expect(given()).toEqual(want);
  });
});
