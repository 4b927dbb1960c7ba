import { diffSpecs } from '../diff-specs';
import { changeRows } from './support/change-rows';
import type { Row } from './support/change-rows';
import { miniSpec } from './support/mini-spec';
import type { MiniSpec, Schema } from './support/mini-spec';

const NAME: Schema = { type: 'string', maxLength: 256, description: 'A name.' };
const CHOICE: Schema = {
  description: 'A choice.',
  anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }],
};

/**
 * The mini spec with two shared components, each used by a request member and a response member
 * through a plain `$ref`: `Name` (ItemRequest.label, Item.title) and the union `Choice`
 * (ItemRequest.choice, Item.choice).
 */
function base(): MiniSpec {
  const spec = miniSpec();
  spec.components.schemas.Name = structuredClone(NAME);
  spec.components.schemas.Choice = structuredClone(CHOICE);
  Object.assign(request(spec), {
    label: { $ref: '#/components/schemas/Name' },
    choice: { $ref: '#/components/schemas/Choice' },
  });
  Object.assign(response(spec), {
    title: { $ref: '#/components/schemas/Name' },
    choice: { $ref: '#/components/schemas/Choice' },
  });
  return spec;
}

const request = (spec: MiniSpec): Record<string, Schema> => spec.components.schemas.ItemRequest!.properties!;
const response = (spec: MiniSpec): Record<string, Schema> => spec.components.schemas.Item!.properties!;

/** Every change from `from` (the base spec, changed) to the base spec changed by `to`. */
function changes(to: (spec: MiniSpec) => void, from: (spec: MiniSpec) => void = () => undefined): Row[] {
  const before = base();
  from(before);
  const after = base();
  to(after);
  return changeRows(diffSpecs(before, after).changes);
}

const BODY = 'request body (application/json)';
const OK = 'response 200 (application/json)';

describe('spec diff of a $ref with sibling keywords (OpenAPI 3.1: the $ref applies as well as the siblings)', () => {
  const cases: Array<[string, { given: (spec: MiniSpec) => void; from?: (spec: MiniSpec) => void; want: Row[] }]> = [
    [
      'a default and a description added next to a request member’s $ref break only gateways, which must assume the default',
      {
        given: (spec) => {
          Object.assign(request(spec).label!, { default: 'x', description: 'The label.' });
        },
        want: [
          ['breaking', 'POST /items', `${BODY} label`, 'default "x" added'],
          ['annotation', 'POST /items', `${BODY} label`, 'description "A name." → "The label."'],
        ],
      },
    ],
    [
      'a default added next to a response member’s $ref is non-breaking',
      {
        given: (spec) => {
          response(spec).title!.default = 'x';
        },
        want: [
          ['non-breaking', 'GET /items', `${OK} data[].title`, 'default "x" added'],
          ['non-breaking', 'POST /items', `${OK} title`, 'default "x" added'],
        ],
      },
    ],
    [
      'examples and deprecated next to a $ref are an annotation and a deprecation',
      {
        given: (spec) => {
          Object.assign(request(spec).label!, { examples: ['Ada'], deprecated: true });
        },
        want: [
          ['deprecated', 'POST /items', `${BODY} label`, 'deprecated true added'],
          ['annotation', 'POST /items', `${BODY} label`, 'examples.0 "Ada" added'],
        ],
      },
    ],
    [
      'a default next to a $ref to a union is one change on the member, not one per alternative',
      {
        given: (spec) => {
          request(spec).choice!.default = 'auto';
        },
        want: [['breaking', 'POST /items', `${BODY} choice`, 'default "auto" added']],
      },
    ],
    [
      'a maxLength added next to a request member’s $ref tightens the referenced limit: breaking',
      {
        given: (spec) => {
          request(spec).label!.maxLength = 10;
        },
        want: [['breaking', 'POST /items', `${BODY} label`, 'maxLength 256 → 10']],
      },
    ],
    [
      'a minLength added next to a request member’s $ref is breaking',
      {
        given: (spec) => {
          request(spec).label!.minLength = 1;
        },
        want: [['breaking', 'POST /items', `${BODY} label`, 'minLength 1 added']],
      },
    ],
    [
      'a looser maxLength next to a $ref changes nothing: the referenced 256 still applies',
      {
        given: (spec) => {
          request(spec).label!.maxLength = 300;
        },
        want: [],
      },
    ],
    [
      'a limit tightened in the referenced schema is seen through a $ref that has siblings',
      {
        from: (spec) => {
          request(spec).label!.default = 'x';
        },
        given: (spec) => {
          request(spec).label!.default = 'x';
          spec.components.schemas.Name!.maxLength = 10;
        },
        want: [
          ['breaking', 'POST /items', `${BODY} label`, 'maxLength 256 → 10'],
          ['breaking', 'GET /items', `${OK} data[].title`, 'maxLength 256 → 10'],
          ['breaking', 'POST /items', `${OK} title`, 'maxLength 256 → 10'],
        ],
      },
    ],
    [
      'an inline schema moved to an equivalent $ref is no change',
      {
        from: (spec) => {
          request(spec).label = structuredClone(NAME);
        },
        given: () => undefined,
        want: [],
      },
    ],
    [
      'an inline union moved to an equivalent $ref is no change',
      {
        from: (spec) => {
          request(spec).choice = structuredClone(CHOICE);
        },
        given: () => undefined,
        want: [],
      },
    ],
    [
      'an inline union with its own default moved to a $ref with that default beside it is no change',
      {
        from: (spec) => {
          request(spec).choice = { ...structuredClone(CHOICE), default: 'auto', description: 'Use.' };
        },
        given: (spec) => {
          Object.assign(request(spec).choice!, { default: 'auto', description: 'Use.' });
        },
        want: [],
      },
    ],
    [
      'a description next to a parameter’s $ref replaces the parameter’s: an annotation',
      {
        given: (spec) => {
          spec.paths['/items']!.get!.parameters = [
            { $ref: '#/components/parameters/Limit', description: 'Page size.' },
          ];
        },
        want: [['annotation', 'GET /items', 'query parameter `limit`', 'description "Page size." added']],
      },
    ],
  ];

  it.each(cases)('finds that %s', (_name, { given, from, want }) => {
    expect(changes(given, from)).toEqual(want);
  });

  it.each<[string, (schema: Schema) => void]>([
    ['maxLength tightened', (schema) => (schema.maxLength = 10)],
    ['minLength added', (schema) => (schema.minLength = 1)],
    ['default added', (schema) => (schema.default = 'x')],
  ])('reports %s next to a $ref as it reports it written inline', (_name, edit) => {
    const writeInline = (spec: MiniSpec): Schema => (request(spec).label = structuredClone(NAME));
    const inline = changes((spec) => edit(writeInline(spec)), writeInline);
    const sibling = changes((spec) => edit(request(spec).label!));
    expect(inline).not.toEqual([]);
    expect(sibling).toEqual(inline);
  });

  it('compares a recursive schema whose $ref has siblings: it ends, and the change is an annotation', () => {
    // The second visit of a recursive $ref is left to the engine as written, which reports the
    // change again at the depths it unrolls to: noisier, but of the same class.
    const recursive = (description: string) => (spec: MiniSpec) => {
      spec.components.schemas.Tree = {
        type: 'object',
        properties: { child: { $ref: '#/components/schemas/Tree', description } },
      };
      request(spec).tree = { $ref: '#/components/schemas/Tree', description: 'A tree.' };
    };
    const found = changes(recursive('Its child.'), recursive('A child.'));
    expect(found.length).toBeGreaterThan(0);
    expect(found.map(([severity]) => severity)).toEqual(found.map(() => 'annotation'));
  });
});
