import { createAjv } from '../../contract/create-ajv';
import { sampleValue } from '../../sample/sample-value';

const ajv = createAjv();

/** Table of tool `parameters` schemas; every sampled value must validate against its schema. */
const CASES: Array<[string, Record<string, unknown>]> = [
  [
    'an object with a required string',
    { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  ],
  [
    'enums, consts and defaults',
    {
      type: 'object',
      properties: { unit: { enum: ['celsius', 'fahrenheit'] }, v: { const: 2 }, d: { type: 'integer', default: 5 } },
    },
  ],
  [
    'bounded numbers',
    {
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 3, maximum: 9, multipleOf: 3 },
        x: { type: 'number', exclusiveMinimum: 10 },
        y: { type: 'number', maximum: -4 },
      },
    },
  ],
  [
    'strings with lengths and formats',
    {
      type: 'object',
      properties: {
        s: { type: 'string', minLength: 12, maxLength: 15 },
        t: { type: 'string', maxLength: 3 },
        at: { type: 'string', format: 'date-time' },
        mail: { type: 'string', format: 'email' },
        id: { type: 'string', format: 'uuid' },
      },
    },
  ],
  [
    'arrays with item bounds',
    {
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' }, minItems: 2, uniqueItems: true },
        none: { type: 'array', maxItems: 0 },
      },
    },
  ],
  [
    'nullable and union types',
    {
      type: 'object',
      properties: {
        a: { type: ['null', 'string'] },
        b: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
        c: { oneOf: [{ type: 'boolean' }, { type: 'string' }] },
      },
    },
  ],
  [
    'local references and allOf',
    {
      type: 'object',
      $defs: {
        place: {
          type: 'object',
          properties: { lat: { type: 'number', minimum: -90, maximum: 90 } },
          required: ['lat'],
        },
      },
      properties: {
        where: { $ref: '#/$defs/place' },
        both: { allOf: [{ type: 'object', properties: { p: { type: 'string' } } }, { required: ['p', 'q'] }] },
      },
      required: ['where', 'both'],
      additionalProperties: false,
    },
  ],
  [
    'strict mode shape',
    {
      type: 'object',
      properties: { q: { type: 'string' }, limit: { type: 'integer' } },
      required: ['q', 'limit'],
      additionalProperties: false,
    },
  ],
  [
    'minProperties with free-form values',
    { type: 'object', minProperties: 2, additionalProperties: { type: 'number' } },
  ],
  ['an empty schema', {}],
];

describe('sample values for JSON Schemas (the full shape: function-call arguments, JSON answers)', () => {
  it.each(CASES)('builds a value that validates for %s', (_name, schema) => {
    const value = sampleValue(schema);
    const validate = ajv.compile(schema);
    const valid = validate(value);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('is deterministic', () => {
    const schema = CASES[2]?.[1];
    expect(sampleValue(schema)).toEqual(sampleValue(schema));
  });

  it('uses the first enum value and fills required properties', () => {
    expect(
      sampleValue({
        type: 'object',
        properties: { unit: { enum: ['celsius', 'fahrenheit'] } },
        required: ['unit', 'city'],
      }),
    ).toEqual({ unit: 'celsius', city: 'sample' });
  });
});

describe('sample values in the minimal shape (requests the conformance suite builds)', () => {
  const minimal = { shape: 'minimal' as const };
  it.each<[string, { given: Record<string, unknown>; want: unknown }]>([
    [
      'required members only',
      {
        given: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['b'] },
        want: { b: 1 },
      },
    ],
    [
      'arrays at their minItems',
      { given: { type: 'array', items: { type: 'string' }, minItems: 2 }, want: ['sample', 'sample'] },
    ],
    ['no items without minItems', { given: { type: 'array', items: { type: 'string' } }, want: [] }],
    ['a string that matches the pattern', { given: { type: 'string', pattern: '^[0-9]+$' }, want: '0' }],
    ['the first non-null enum value', { given: { enum: [null, 'low', 'high'] }, want: 'low' }],
    [
      'the first branch that allows more than null',
      { given: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 3 }] }, want: 3 },
    ],
  ])('gives %s', (_name, { given, want }) => {
    expect(sampleValue(given, minimal)).toEqual(want);
  });

  it('follows $refs into the document it is given and asks the caller for named members', () => {
    const root = {
      components: {
        schemas: {
          Body: {
            type: 'object',
            required: ['model', 'n'],
            properties: { model: { type: 'string' }, n: { $ref: '#/components/schemas/N' } },
          },
          N: { type: 'integer', minimum: 5 },
        },
      },
    };
    const value = sampleValue(
      { $ref: '#/components/schemas/Body' },
      {
        ...minimal,
        root,
        stringFor: (member) => (member === 'model' ? 'acme/model-1' : undefined),
      },
    );
    expect(value).toEqual({ model: 'acme/model-1', n: 5 });
  });
});
