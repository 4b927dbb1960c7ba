import { diffSpecs } from '../diff-specs';
import type { ChangeSeverity } from '../types';
import { changeRows } from './support/change-rows';
import { miniSpec } from './support/mini-spec';
import type { MiniSpec, Schema } from './support/mini-spec';

/**
 * The classes of value-bounding keywords, on both sides: a request may only accept more, a
 * response may only send less. Each case edits the mini spec (ItemRequest is a request body, Item
 * a response used by two operations) and every place the change reaches must get the class.
 */
const request = (spec: MiniSpec): Schema => spec.components.schemas.ItemRequest!;
const response = (spec: MiniSpec): Schema => spec.components.schemas.Item!;
const field = (schema: Schema, name: string): Schema => schema.properties![name]!;

type Case = [string, { before?: (spec: MiniSpec) => void; after: (spec: MiniSpec) => void; want: ChangeSeverity }];

const nothing = (): void => undefined;

const cases: Case[] = [
  // closing a request object
  [
    'a request object closed with additionalProperties false',
    { after: (s) => void (request(s).additionalProperties = false), want: 'breaking' },
  ],
  [
    'a request object closed with unevaluatedProperties false',
    { after: (s) => void (request(s).unevaluatedProperties = false), want: 'breaking' },
  ],
  [
    'a request object whose additionalProperties goes from true to false',
    {
      before: (s) => void (request(s).additionalProperties = true),
      after: (s) => void (request(s).additionalProperties = false),
      want: 'breaking',
    },
  ],
  [
    'a request object whose other members must now match a schema',
    { after: (s) => void (request(s).additionalProperties = { type: 'string' }), want: 'breaking' },
  ],
  [
    'a request object opened again',
    { before: (s) => void (request(s).additionalProperties = false), after: nothing, want: 'non-breaking' },
  ],
  // narrowing a request value
  [
    'a const put on a request field',
    { after: (s) => void (field(request(s), 'tier').const = 'gold'), want: 'breaking' },
  ],
  [
    'a request const changed',
    {
      before: (s) => void (field(request(s), 'tier').const = 'gold'),
      after: (s) => void (field(request(s), 'tier').const = 'silver'),
      want: 'breaking',
    },
  ],
  [
    'a request const dropped',
    { before: (s) => void (field(request(s), 'tier').const = 'gold'), after: nothing, want: 'non-breaking' },
  ],
  [
    'a pattern put on a request field',
    { after: (s) => void (field(request(s), 'tier').pattern = '^[a-z]+$'), want: 'breaking' },
  ],
  [
    'a request pattern replaced',
    {
      before: (s) => void (field(request(s), 'tier').pattern = '^a'),
      after: (s) => void (field(request(s), 'tier').pattern = '^b'),
      want: 'breaking',
    },
  ],
  [
    'a request pattern dropped',
    { before: (s) => void (field(request(s), 'tier').pattern = '^a'), after: nothing, want: 'non-breaking' },
  ],
  [
    'a format put on a request field',
    { after: (s) => void (field(request(s), 'tier').format = 'uri'), want: 'breaking' },
  ],
  [
    'a request format dropped',
    { before: (s) => void (field(request(s), 'tier').format = 'uri'), after: nothing, want: 'non-breaking' },
  ],
  [
    'a minLength put on a request field',
    { after: (s) => void (field(request(s), 'name').minLength = 3), want: 'breaking' },
  ],
  [
    'a request maxLength loosened',
    { after: (s) => void (field(request(s), 'name').maxLength = 512), want: 'non-breaking' },
  ],
  // widening a response value
  [
    'a response const changed',
    {
      before: (s) => void (field(response(s), 'note').const = 'response'),
      after: (s) => void (field(response(s), 'note').const = 'response.v2'),
      want: 'breaking',
    },
  ],
  [
    'a response const dropped',
    { before: (s) => void (field(response(s), 'note').const = 'n'), after: nothing, want: 'breaking' },
  ],
  [
    'a const put on a response field',
    { after: (s) => void (field(response(s), 'note').const = 'n'), want: 'non-breaking' },
  ],
  [
    'a response enum value replaced',
    { after: (s) => void (field(response(s), 'kind').enum = ['small', 'huge']), want: 'breaking' },
  ],
  [
    'a response enum value removed',
    { after: (s) => void (field(response(s), 'kind').enum = ['small']), want: 'non-breaking' },
  ],
  [
    'a response pattern dropped',
    { before: (s) => void (field(response(s), 'note').pattern = '^a'), after: nothing, want: 'breaking' },
  ],
  [
    'a response pattern replaced',
    {
      before: (s) => void (field(response(s), 'note').pattern = '^a'),
      after: (s) => void (field(response(s), 'note').pattern = '^b'),
      want: 'breaking',
    },
  ],
  [
    'a pattern put on a response field',
    { after: (s) => void (field(response(s), 'note').pattern = '^a'), want: 'non-breaking' },
  ],
  [
    'a response format replaced',
    {
      before: (s) => void (field(response(s), 'note').format = 'uri'),
      after: (s) => void (field(response(s), 'note').format = 'email'),
      want: 'breaking',
    },
  ],
  [
    'a format put on a response field',
    { after: (s) => void (field(response(s), 'note').format = 'uri'), want: 'non-breaking' },
  ],
  [
    'a response maxLength loosened',
    {
      before: (s) => void (field(response(s), 'note').maxLength = 10),
      after: (s) => void (field(response(s), 'note').maxLength = 20),
      want: 'breaking',
    },
  ],
  [
    'a response minimum lowered',
    {
      before: (s) => void (field(response(s), 'size').minimum = 1),
      after: (s) => void (field(response(s), 'size').minimum = 0),
      want: 'breaking',
    },
  ],
  [
    'a response multipleOf loosened',
    {
      before: (s) => void (field(response(s), 'size').multipleOf = 2),
      after: (s) => void (field(response(s), 'size').multipleOf = 1),
      want: 'breaking',
    },
  ],
  [
    'a response maximum put on a field',
    { after: (s) => void (field(response(s), 'size').maximum = 10), want: 'non-breaking' },
  ],
  [
    'a response object opened',
    { before: (s) => void (response(s).additionalProperties = false), after: nothing, want: 'breaking' },
  ],
  ['a response object closed', { after: (s) => void (response(s).additionalProperties = false), want: 'non-breaking' }],
];

describe('spec diff classes of value-bounding keywords', () => {
  // `want` is the class for clients; a move that breaks no client breaks the gateways that
  // still refuse what a request now allows, or still send what a response no longer allows.
  it.each(cases.map(([name, edit]) => [`${name} as ${edit.want} for clients`, edit] as const))(
    'classifies %s',
    (_name, { before, after, want }) => {
      const [from, to] = [miniSpec(), miniSpec()];
      before?.(from);
      after(to);
      const { changes } = diffSpecs(from, to);
      expect(changeRows(changes).length).toBeGreaterThan(0);
      expect(changes.map((change) => change.breaks.includes('clients'))).toEqual(
        changes.map(() => want === 'breaking'),
      );
      if (want === 'non-breaking')
        expect(changes.map((change) => change.breaks)).toEqual(changes.map(() => ['gateways']));
      expect(changes.map((change) => change.severity)).toEqual(changes.map(() => 'breaking'));
    },
  );

  it('says which keyword decided and on which side', () => {
    const after = miniSpec();
    request(after).additionalProperties = false;
    expect(diffSpecs(miniSpec(), after).changes).toEqual([
      expect.objectContaining({
        severity: 'breaking',
        operation: 'POST /items',
        what: 'additionalProperties false added',
        reason: 'the request may reject members the schema does not name that it accepted (additionalProperties)',
      }),
    ]);
  });
});
