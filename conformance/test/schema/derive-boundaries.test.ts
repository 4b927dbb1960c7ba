import { createContract, loadContract } from '../../../kit/contract/contract';
import { deriveBoundaries } from '../../schema/derive-boundaries';
import type { JsonObject } from '../../../kit/json/guards';

const hints = { model: 'acme/model-1' };

function documentWith(schema: JsonObject) {
  return createContract({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: { schemas: { Body: schema } },
  });
}

function summary(schema: JsonObject): Array<[string, boolean, unknown]> {
  const contract = documentWith(schema);
  return deriveBoundaries(contract, '#/components/schemas/Body', hints).map((c) => [c.keyword, c.valid, c.value]);
}

describe('deriveBoundaries', () => {
  const table: Array<[string, { given: JsonObject; want: Array<[string, boolean, unknown]> }]> = [
    [
      'string maxLength',
      {
        given: { type: 'object', properties: { s: { type: 'string', maxLength: 3 } } },
        want: [
          ['maxLength', true, { s: 'aaa' }],
          ['maxLength', false, { s: 'aaaa' }],
        ],
      },
    ],
    [
      'string minLength',
      {
        given: { type: 'object', properties: { s: { type: 'string', minLength: 2 } } },
        want: [
          ['minLength', true, { s: 'aa' }],
          ['minLength', false, { s: 'a' }],
        ],
      },
    ],
    [
      'integer range',
      {
        given: { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 5 } } },
        want: [
          ['maximum', true, { n: 5 }],
          ['maximum', false, { n: 6 }],
          ['minimum', true, { n: 1 }],
          ['minimum', false, { n: 0 }],
        ],
      },
    ],
    [
      'number range',
      {
        given: { type: 'object', properties: { x: { type: 'number', maximum: 1 } } },
        want: [
          ['maximum', true, { x: 1 }],
          ['maximum', false, { x: 1.01 }],
        ],
      },
    ],
    [
      'array size',
      {
        given: {
          type: 'object',
          properties: { a: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string' } } },
        },
        want: [
          ['maxItems', true, { a: ['sample', 'sample'] }],
          ['maxItems', false, { a: ['sample', 'sample', 'sample'] }],
          ['minItems', true, { a: ['sample'] }],
          ['minItems', false, { a: [] }],
        ],
      },
    ],
    [
      'closed object',
      {
        given: {
          type: 'object',
          properties: { p: { type: 'object', additionalProperties: false, properties: { a: { type: 'boolean' } } } },
        },
        want: [['additionalProperties', false, { p: { conformance_unlisted_member: true } }]],
      },
    ],
  ];
  it.each(table)('derives %s cases from the keywords', (_name, { given, want }) => {
    expect(summary(given)).toEqual(want);
  });

  it('derives map limits: pair count, key length, key pattern and value length', () => {
    const contract = documentWith({
      type: 'object',
      properties: {
        m: {
          type: 'object',
          maxProperties: 2,
          propertyNames: { maxLength: 4, pattern: '^[a-z0-9]*$' },
          additionalProperties: { type: 'string', maxLength: 2 },
        },
      },
    });
    const cases = deriveBoundaries(contract, '#/components/schemas/Body', hints).map(
      (c) => `${c.valid ? 'ok' : 'bad'} ${c.description}`,
    );
    expect(cases).toEqual([
      'ok m with 2 pairs (maxProperties 2)',
      'bad m with 3 pairs (maxProperties 2)',
      'ok m with a key of 4 characters (propertyNames maxLength 4)',
      'bad m with a key of 5 characters (propertyNames maxLength 4)',
      'bad m with the key "x-1" (propertyNames pattern ^[a-z0-9]*$)',
      'ok m.a of 2 characters (maxLength 2)',
      'bad m.a of 3 characters (maxLength 2)',
    ]);
  });

  it('walks discriminated branches and adds an unknown kind', () => {
    const contract = createContract({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          Body: {
            type: 'object',
            properties: { plugins: { type: 'array', items: { $ref: '#/components/schemas/Plugin' } } },
          },
          Plugin: { oneOf: [{ $ref: '#/components/schemas/A' }], discriminator: { propertyName: 'id' } },
          A: {
            type: 'object',
            required: ['id'],
            properties: { id: { const: 'a' }, level: { type: 'integer', maximum: 3 } },
          },
        },
      },
    });
    const cases = deriveBoundaries(contract, '#/components/schemas/Body', hints);
    expect(cases.map((c) => c.value)).toEqual([
      { plugins: [{ id: 'a', level: 3 }] },
      { plugins: [{ id: 'a', level: 4 }] },
      { plugins: [{ id: 'conformance-unknown-kind' }] },
    ]);
  });

  it('adds a value outside each string enum, null among the values or not, and none for other enums', () => {
    expect(
      summary({
        type: 'object',
        properties: {
          tier: { type: ['string', 'null'], enum: ['auto', 'flex', null] },
          kinds: { type: 'array', items: { enum: ['a', 'b'] } },
          level: { type: 'integer', enum: [1, 2] },
          fixed: { const: 'x' },
        },
      }),
    ).toEqual([
      ['enum', false, { tier: 'conformance-outside-enum' }],
      ['enum', false, { kinds: ['conformance-outside-enum'] }],
    ]);
  });

  it("uses the target's model for members that name models", () => {
    const cases = summary({
      type: 'object',
      properties: { analysis_models: { type: 'array', maxItems: 1, items: { type: 'string' } } },
    });
    expect(cases[0]).toEqual(['maxItems', true, { analysis_models: ['acme/model-1'] }]);
  });

  it('sends only the breaches of a model id length limit: a made-up id within it names no model', () => {
    const cases = summary({
      type: 'object',
      properties: {
        model: { type: 'string', minLength: 1 },
        models: { type: 'array', items: { type: 'string', minLength: 1 } },
      },
    });
    expect(cases).toEqual([
      ['minLength', false, { model: '' }],
      ['minLength', false, { models: [''] }],
    ]);
  });

  it('derives every limit of the real request schema (ResponseRequest), and each case agrees with ajv', () => {
    const contract = loadContract();
    const pointer = '#/components/schemas/ResponseRequest';
    const cases = deriveBoundaries(contract, pointer, hints);
    const described = cases.map((c) => c.description).join('\n');
    for (const fragment of [
      'user of 257 characters',
      'session_id of 257 characters',
      'metadata with 17 pairs',
      'key of 65 characters',
      'of 513 characters',
      'cost_quality_tradeoff = 11',
      'min_coding_score = 1.01',
      'analysis_models with 0 items',
      'max_tool_calls = 17',
      'tools with 9 items',
      'provider with a member',
      'service_tier "conformance-outside-enum"',
      'include[0] "conformance-outside-enum"',
      'modalities[0] "conformance-outside-enum"',
      'provider.data_collection "conformance-outside-enum"',
      'cache_control.type "conformance-outside-enum"',
      'prompt_cache_options.mode "conformance-outside-enum"',
      'plugins[0](fusion).preset "conformance-outside-enum"',
      'plugins[0](pareto-router).price_source "conformance-outside-enum"',
    ]) {
      expect(described).toContain(fragment);
    }
    const validate = contract.validator(pointer);
    for (const c of cases) expect([c.description, validate(c.value)]).toEqual([c.description, c.valid]);
  });
});
