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
  [
    'patterns, also several at once (allOf)',
    {
      type: 'object',
      properties: {
        code: { type: 'string', pattern: '^[A-Z]{3}-\\d{3}$' },
        both: { allOf: [{ type: 'string', pattern: '^ab' }, { pattern: 'yz$' }, { minLength: 6 }] },
        bounded: { type: 'string', pattern: '^[a-z]+$', minLength: 10, maxLength: 12 },
      },
      required: ['code', 'both', 'bounded'],
    },
  ],
  [
    'a $ref with keywords beside it, and draft-07 definitions',
    {
      type: 'object',
      definitions: { word: { type: 'string', minLength: 2 } },
      properties: { w: { $ref: '#/definitions/word', maxLength: 3, pattern: '^[0-9]+$' } },
      required: ['w'],
    },
  ],
  [
    'distinct items for uniqueItems',
    {
      type: 'object',
      properties: {
        colors: { type: 'array', items: { enum: ['red', 'green', 'blue'] }, minItems: 3, uniqueItems: true },
        flags: { type: 'array', items: { type: 'boolean' }, minItems: 2, uniqueItems: true },
        ids: { type: 'array', items: { type: 'string', pattern: '^[a-f]{2}$' }, minItems: 3, uniqueItems: true },
      },
      required: ['colors', 'flags', 'ids'],
    },
  ],
  ['a fractional multipleOf', { type: 'number', multipleOf: 0.1, minimum: 0.25 }],
  [
    'records with named keys',
    {
      type: 'object',
      properties: {
        byPattern: {
          type: 'object',
          patternProperties: { '^x-[a-z]+$': { type: 'integer' } },
          additionalProperties: false,
          minProperties: 2,
        },
        byNames: {
          type: 'object',
          propertyNames: { pattern: '^[A-Z]{2}$' },
          additionalProperties: { type: 'string' },
          minProperties: 1,
        },
      },
      required: ['byPattern', 'byNames'],
    },
  ],
  [
    'a tuple with items for the rest',
    { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'integer' }, minItems: 3 },
  ],
  [
    'an item the array must contain',
    { type: 'array', items: { type: 'integer' }, contains: { type: 'integer', minimum: 7 } },
  ],
  [
    'a number between exclusive bounds narrower than a step',
    { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.5 },
  ],
];

describe('sample values for JSON Schemas (the full shape: function-call arguments, JSON answers)', () => {
  it.each(CASES)('builds a value that validates for %s', (_name, schema) => {
    const value = sampleValue(schema);
    const validate = ajv.compile(schema);
    const valid = validate(value);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('is deterministic, pattern-built strings included', () => {
    for (const [, schema] of CASES) expect(sampleValue(schema)).toEqual(sampleValue(schema));
  });

  it('builds different pattern strings for different places and seeds', () => {
    const code = { type: 'string', pattern: '^[A-Z]{6}$' };
    const schema = { type: 'object', properties: { a: code, b: code }, required: ['a', 'b'] };
    const value = sampleValue(schema) as { a: string; b: string };
    expect(value.a).not.toBe(value.b);
    expect(sampleValue(code, { seed: 'one' })).not.toBe(sampleValue(code, { seed: 'two' }));
  });

  it('fills a draft-07 tuple (array-form items) item by item, and no further when additionalItems is false', () => {
    const tuple = { items: [{ type: 'string' }, { type: 'number' }], additionalItems: false, minItems: 2, maxItems: 2 };
    expect(sampleValue({ type: 'array', ...tuple })).toEqual(['sample', 1]);
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
