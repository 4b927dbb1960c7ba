import { diffSpecs } from '../diff-specs';
import { changeRows } from './support/change-rows';
import type { Row } from './support/change-rows';
import { miniSpec } from './support/mini-spec';
import type { MiniSpec, Parameter } from './support/mini-spec';

/** Every change between the mini spec and a changed copy: [class, operation, where, what]. */
function changesAfter(edit: (spec: MiniSpec) => void): Row[] {
  const after = miniSpec();
  edit(after);
  return changeRows(diffSpecs(miniSpec(), after).changes);
}

const schemas = (spec: MiniSpec) => spec.components.schemas;
const prop = (spec: MiniSpec, schema: string, name: string) => {
  const found = schemas(spec)[schema]?.properties?.[name];
  if (!found) throw new Error(`mini spec has no ${schema}.${name}`);
  return found;
};
const listItems = (spec: MiniSpec) => spec.paths['/items']!.get!;
const createItem = (spec: MiniSpec) => spec.paths['/items']!.post!;
const BODY = 'request body (application/json)';
const LIST_200 = 'response 200 (application/json)';

describe('spec diff classification', () => {
  const cases: Array<[string, { given: (spec: MiniSpec) => void; want: Row[] }]> = [
    [
      'a removed operation is breaking',
      {
        given: (spec) => {
          delete spec.paths['/items']!.get;
        },
        want: [['breaking', 'GET /items', 'operation', 'removed']],
      },
    ],
    [
      'an added operation is non-breaking',
      {
        given: (spec) => {
          spec.paths['/items/{id}'] = { get: { operationId: 'getItem', responses: { '200': { description: 'ok' } } } };
        },
        want: [['non-breaking', 'GET /items/{id}', 'operation', 'added']],
      },
    ],
    [
      'a removed response status is breaking',
      {
        given: (spec) => {
          delete listItems(spec).responses['400'];
        },
        want: [['breaking', 'GET /items', 'response 400', 'removed']],
      },
    ],
    [
      'a removed response media type is breaking',
      {
        given: (spec) => {
          delete createItem(spec).responses['200']!.content!['application/json'];
        },
        want: [['breaking', 'POST /items', 'response 200 (application/json)', 'removed']],
      },
    ],
    [
      'a removed optional response property is breaking at every operation that returns it',
      {
        given: (spec) => {
          delete schemas(spec).Item!.properties!.note;
        },
        want: [
          ['breaking', 'GET /items', `${LIST_200} data[].note`, 'property `note` removed'],
          ['breaking', 'POST /items', `${LIST_200} note`, 'property `note` removed'],
        ],
      },
    ],
    [
      'a removed request property is breaking',
      {
        given: (spec) => {
          delete schemas(spec).ItemRequest!.properties!.tier;
        },
        want: [['breaking', 'POST /items', `${BODY} tier`, 'property `tier` removed']],
      },
    ],
    [
      'an added optional request property is non-breaking',
      {
        given: (spec) => {
          schemas(spec).ItemRequest!.properties!.extra = { type: 'string' };
        },
        want: [['non-breaking', 'POST /items', `${BODY} extra`, 'property `extra` added']],
      },
    ],
    [
      'a newly required request field is breaking',
      {
        given: (spec) => {
          schemas(spec).ItemRequest!.required = ['name'];
        },
        want: [['breaking', 'POST /items', BODY, '"name" is now required']],
      },
    ],
    [
      'a response field that is no longer required is breaking',
      {
        given: (spec) => {
          schemas(spec).Item!.required = ['id'];
        },
        want: [
          ['breaking', 'GET /items', `${LIST_200} data[]`, '"kind" is no longer required'],
          ['breaking', 'POST /items', LIST_200, '"kind" is no longer required'],
        ],
      },
    ],
    [
      'a request type list narrowed to one type is breaking',
      {
        given: (spec) => {
          prop(spec, 'ItemRequest', 'colour').type = 'string';
        },
        want: [['breaking', 'POST /items', `${BODY} colour`, 'type [string, null] → string']],
      },
    ],
    [
      'a request type widened to a type list breaks only gateways that still refuse null',
      {
        given: (spec) => {
          prop(spec, 'ItemRequest', 'tier').type = ['string', 'null'];
        },
        want: [['breaking', 'POST /items', `${BODY} tier`, 'type string → [string, null]']],
      },
    ],
    [
      'a response field made nullable is breaking',
      {
        given: (spec) => {
          prop(spec, 'Item', 'id').type = ['string', 'null'];
        },
        want: [
          ['breaking', 'GET /items', `${LIST_200} data[].id`, 'type string → [string, null]'],
          ['breaking', 'POST /items', `${LIST_200} id`, 'type string → [string, null]'],
        ],
      },
    ],
    [
      'a response type list narrowed to one type breaks only gateways that still send null',
      {
        given: (spec) => {
          prop(spec, 'Item', 'label').type = 'string';
        },
        want: [
          ['breaking', 'GET /items', `${LIST_200} data[].label`, 'type [string, null] → string'],
          ['breaking', 'POST /items', `${LIST_200} label`, 'type [string, null] → string'],
        ],
      },
    ],
    [
      'a response integer widened to number is breaking',
      {
        given: (spec) => {
          prop(spec, 'Item', 'size').type = 'number';
        },
        want: [
          ['breaking', 'GET /items', `${LIST_200} data[].size`, 'type integer → number'],
          ['breaking', 'POST /items', `${LIST_200} size`, 'type integer → number'],
        ],
      },
    ],
    [
      'a request enum value removed is breaking',
      {
        given: (spec) => {
          prop(spec, 'ItemRequest', 'kind').enum = ['small'];
        },
        want: [['breaking', 'POST /items', `${BODY} kind`, 'enum value "large" removed']],
      },
    ],
    [
      'a request enum value added breaks only gateways that still refuse it',
      {
        given: (spec) => {
          prop(spec, 'ItemRequest', 'kind').enum = ['small', 'large', 'huge'];
        },
        want: [['breaking', 'POST /items', `${BODY} kind`, 'enum value "huge" added']],
      },
    ],
    [
      'a response enum value added is breaking',
      {
        given: (spec) => {
          prop(spec, 'Item', 'kind').enum = ['small', 'large', 'huge'];
        },
        want: [
          ['breaking', 'GET /items', `${LIST_200} data[].kind`, 'enum value "huge" added'],
          ['breaking', 'POST /items', `${LIST_200} kind`, 'enum value "huge" added'],
        ],
      },
    ],
    [
      'an enum put on a request field where there was none is breaking',
      {
        given: (spec) => {
          prop(spec, 'ItemRequest', 'tier').enum = ['gold'];
        },
        want: [['breaking', 'POST /items', `${BODY} tier`, 'enum value "gold" added']],
      },
    ],
    [
      'an enum put on a response field where there was none breaks only gateways that send other values',
      {
        given: (spec) => {
          prop(spec, 'Item', 'note').enum = ['n'];
        },
        want: [
          ['breaking', 'GET /items', `${LIST_200} data[].note`, 'enum value "n" added'],
          ['breaking', 'POST /items', `${LIST_200} note`, 'enum value "n" added'],
        ],
      },
    ],
    [
      'a tightened request maxLength is breaking',
      {
        given: (spec) => {
          prop(spec, 'ItemRequest', 'name').maxLength = 128;
        },
        want: [['breaking', 'POST /items', `${BODY} name`, 'maxLength 256 → 128']],
      },
    ],
    [
      'a loosened request maxLength breaks only gateways that still refuse longer values',
      {
        given: (spec) => {
          prop(spec, 'ItemRequest', 'name').maxLength = 512;
        },
        want: [['breaking', 'POST /items', `${BODY} name`, 'maxLength 256 → 512']],
      },
    ],
    [
      'a default added to a request field breaks only gateways, which must assume it',
      {
        given: (spec) => {
          prop(spec, 'ItemRequest', 'tier').default = 'gold';
        },
        want: [['breaking', 'POST /items', `${BODY} tier`, 'default "gold" added']],
      },
    ],
    [
      'a default added to a response field is non-breaking: it only documents a value',
      {
        given: (spec) => {
          prop(spec, 'Item', 'note').default = 'n';
        },
        want: [
          ['non-breaking', 'GET /items', `${LIST_200} data[].note`, 'default "n" added'],
          ['non-breaking', 'POST /items', `${LIST_200} note`, 'default "n" added'],
        ],
      },
    ],
    [
      'a tightened query parameter maximum is breaking',
      {
        given: (spec) => {
          spec.components.parameters.Limit!.schema.maximum = 100;
        },
        want: [['breaking', 'GET /items', 'query parameter `limit`', 'maximum 1000 → 100']],
      },
    ],
    [
      'a query parameter made required is breaking',
      {
        given: (spec) => {
          spec.components.parameters.Limit!.required = true;
        },
        want: [['breaking', 'GET /items', 'query parameter `limit`', 'now required']],
      },
    ],
    [
      'a new required query parameter is breaking',
      {
        given: (spec) => {
          listItems(spec).parameters!.push({
            name: 'q',
            in: 'query',
            required: true,
            schema: { type: 'string' },
          } satisfies Parameter);
        },
        want: [['breaking', 'GET /items', 'query parameter `q`', 'added']],
      },
    ],
    [
      'a new optional query parameter is non-breaking',
      {
        given: (spec) => {
          listItems(spec).parameters!.push({ name: 'q', in: 'query', schema: { type: 'string' } });
        },
        want: [['non-breaking', 'GET /items', 'query parameter `q`', 'added']],
      },
    ],
    [
      'a renamed operationId is breaking for the mock and generated clients',
      {
        given: (spec) => {
          listItems(spec).operationId = 'listAllItems';
        },
        want: [['breaking', 'GET /items', 'operationId', '"listItems" → "listAllItems"']],
      },
    ],
    [
      'a scheme added to an existing security requirement is breaking',
      {
        given: (spec) => {
          createItem(spec).security = [{ bearerAuth: [], managementKey: [] }];
        },
        want: [['breaking', 'POST /items', 'security', 'security requirement `managementKey` added']],
      },
    ],
    [
      'a deprecated operation is reported as deprecated',
      {
        given: (spec) => {
          listItems(spec).deprecated = true;
        },
        want: [['deprecated', 'GET /items', 'deprecated', 'added']],
      },
    ],
    [
      'a changed description is an annotation',
      {
        given: (spec) => {
          schemas(spec).ItemRequest!.description = 'A new item.';
        },
        want: [['annotation', 'POST /items', BODY, 'description "A new item." added']],
      },
    ],
    [
      'a changed example is an annotation',
      {
        given: (spec) => {
          listItems(spec).responses['200']!.content!['application/json']!.examples = {
            one: { value: { data: [{ id: 'a' }] } },
          };
        },
        want: [['annotation', 'GET /items', LIST_200, 'examples.one.value.data.0 added']],
      },
    ],
    [
      'an added x- extension is an annotation',
      {
        given: (spec) => {
          prop(spec, 'Error', 'error').properties!.metadata!['x-not-shown'] = true;
        },
        want: [
          ['annotation', 'GET /items', 'response 400 (application/json) error.metadata', 'x-not-shown true added'],
          [
            'annotation',
            'POST /items',
            'response 403 (application/json) ‹anyOf 0›.error.metadata',
            'x-not-shown true added',
          ],
        ],
      },
    ],
    [
      'an alternative added to a response union is breaking',
      {
        given: (spec) => {
          createItem(spec).responses['403']!.content!['application/json']!.schema.anyOf!.push({ type: 'null' });
        },
        want: [['breaking', 'POST /items', 'response 403 (application/json) ‹anyOf 2›', 'added']],
      },
    ],
    [
      'a member of a response union that may now be null is breaking',
      {
        given: (spec) => {
          schemas(spec).BlockError!.properties!.patterns!.type = ['array', 'null'];
        },
        want: [
          [
            'breaking',
            'POST /items',
            'response 403 (application/json) ‹anyOf 1›.patterns',
            'type array → [array, null]',
          ],
        ],
      },
    ],
    [
      'a removed response header named x-… is breaking, not an extension',
      {
        given: (spec) => {
          delete listItems(spec).responses['200']!.headers!['x-request-id'];
        },
        want: [['breaking', 'GET /items', 'response 200 header x-request-id', 'removed']],
      },
    ],
    [
      'headers added to a response where there were none are named',
      {
        given: (spec) => {
          createItem(spec).responses['200']!.headers = { 'X-Generation-Id': { schema: { type: 'string' } } };
        },
        want: [['non-breaking', 'POST /items', 'response 200', 'headers `X-Generation-Id` added']],
      },
    ],
    [
      'an empty security requirement added makes authentication optional, which gateways must accept',
      {
        given: (spec) => {
          createItem(spec).security!.push({});
        },
        want: [
          ['breaking', 'POST /items', 'security', 'empty requirement `{}` added: authentication becomes optional'],
        ],
      },
    ],
    [
      'a version bump alone is an annotation',
      {
        given: (spec) => {
          spec.info.version = '2.0.0';
        },
        want: [['annotation', undefined, 'info.version', '"1.0.0" → "2.0.0"']],
      },
    ],
  ];

  it.each(cases)('finds that %s', (_name, { given, want }) => {
    expect(changesAfter(given)).toEqual(want);
  });

  it('names a renamed path parameter, old and new, as breaking clients only', () => {
    const withParameter = (name: string): MiniSpec => {
      const spec = miniSpec();
      spec.paths[`/items/{${name}}`] = {
        get: {
          operationId: 'getItem',
          parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        },
      };
      return spec;
    };
    const { changes } = diffSpecs(withParameter('id'), withParameter('item_id'));
    expect(changes.find((change) => change.where === 'paths')?.breaks).toEqual(['clients']);
    const rows = changeRows(changes);
    expect(rows).toContainEqual([
      'breaking',
      undefined,
      'paths',
      'path parameter `id` → `item_id` renamed (/items/{id} → /items/{item_id})',
    ]);
  });

  it('reports a change to a shared schema once, with the places that use it', () => {
    const after = miniSpec();
    delete schemas(after).Item!.properties!.note;
    expect(diffSpecs(miniSpec(), after).changes).toEqual([
      expect.objectContaining({
        operation: undefined,
        where: 'schema Item note',
        what: 'property `note` removed',
        uses: [`GET /items ${LIST_200} data[].note`, `POST /items ${LIST_200} note`],
      }),
    ]);
  });

  it('reports no change between a document and a copy of it', () => {
    expect(diffSpecs(miniSpec(), miniSpec()).changes).toEqual([]);
  });

  it('leaves the documents it compares unchanged', () => {
    const before = miniSpec();
    const after = miniSpec();
    delete schemas(after).Item!.properties!.note;
    const afterCopy = structuredClone(after);
    diffSpecs(before, after);
    expect(before).toEqual(miniSpec());
    expect(after).toEqual(afterCopy);
  });

  it('reports each version of info', () => {
    const after = miniSpec();
    after.info.version = '1.1.0';
    expect(diffSpecs(miniSpec(), after)).toMatchObject({ baseVersion: '1.0.0', headVersion: '1.1.0' });
  });
});
