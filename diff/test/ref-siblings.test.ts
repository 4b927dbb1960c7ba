import type { JsonObject } from '../../kit/json/guards';
import { mergeSiblings, writeOut } from '../ref-siblings';

describe('a $ref with siblings written out (JSON Schema 2020-12)', () => {
  const cases: Array<[string, { given: [target: JsonObject, siblings: JsonObject]; want: JsonObject }]> = [
    [
      'sibling annotations replace the target’s',
      {
        given: [
          { type: 'string', description: 'Target.', default: 'a' },
          { description: 'Here.', default: 'b' },
        ],
        want: { type: 'string', description: 'Here.', default: 'b' },
      },
    ],
    [
      'an x- extension beside the $ref replaces the target’s',
      {
        given: [{ type: 'object', 'x-not-shown': false }, { 'x-not-shown': true }],
        want: { type: 'object', 'x-not-shown': true },
      },
    ],
    [
      'an assertion the target lacks joins it',
      {
        given: [{ type: 'string', maxLength: 256 }, { minLength: 1 }],
        want: { type: 'string', maxLength: 256, minLength: 1 },
      },
    ],
    [
      'an assertion the target has too puts the target under allOf, so both apply',
      {
        given: [
          { type: 'string', maxLength: 256, description: 'T.' },
          { maxLength: 10, description: 'S.' },
        ],
        want: { maxLength: 10, description: 'S.', allOf: [{ type: 'string', maxLength: 256 }] },
      },
    ],
    [
      'properties beside a target with additionalProperties stay apart (the target’s false still rejects them)',
      {
        given: [{ type: 'object', properties: { a: {} }, additionalProperties: false }, { properties: { b: {} } }],
        want: {
          properties: { b: {} },
          allOf: [{ type: 'object', properties: { a: {} }, additionalProperties: false }],
        },
      },
    ],
    [
      'unevaluatedProperties beside a target stays apart',
      {
        given: [{ type: 'object' }, { unevaluatedProperties: false }],
        want: { unevaluatedProperties: false, allOf: [{ type: 'object' }] },
      },
    ],
    [
      'an allOf beside a target with an allOf gains the target as one more member',
      {
        given: [{ allOf: [{ type: 'object' }] }, { allOf: [{ required: ['a'] }] }],
        want: { allOf: [{ allOf: [{ type: 'object' }] }, { required: ['a'] }] },
      },
    ],
    [
      'annotations alone beside a target with unevaluatedProperties join it',
      {
        given: [{ unevaluatedProperties: false }, { description: 'Here.' }],
        want: { unevaluatedProperties: false, description: 'Here.' },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(mergeSiblings(...given)).toEqual(want);
  });

  const document = {
    components: {
      schemas: {
        Name: { type: 'string', maxLength: 256 },
        Alias: { $ref: '#/components/schemas/Name', description: 'An alias.' },
        Loop: { $ref: '#/components/schemas/Loop' },
      },
    },
  };

  it('follows a $ref to a schema that is itself a $ref with siblings', () => {
    expect(writeOut(document, { $ref: '#/components/schemas/Alias', default: 'x' }, new Set())).toEqual({
      type: 'string',
      maxLength: 256,
      description: 'An alias.',
      default: 'x',
    });
  });

  it.each([
    ['a reference into another file', { $ref: 'other.yaml#/Name', default: 'x' }],
    ['a reference to nothing', { $ref: '#/components/schemas/Missing', default: 'x' }],
    ['a reference that comes back to itself', { $ref: '#/components/schemas/Loop', default: 'x' }],
  ])('leaves %s to the diff engine', (_name, node) => {
    expect(writeOut(document, node, new Set())).toBeUndefined();
  });
});
