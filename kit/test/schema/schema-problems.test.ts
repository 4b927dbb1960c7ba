import { createAjv } from '../../contract/create-ajv';
import { schemaErrorLines, schemaProblems } from '../../schema/schema-problems';

const ajv = createAjv();

function problemsOf(schema: object, value: unknown) {
  const validate = ajv.compile(schema);
  validate(value);
  return schemaProblems(validate.errors);
}

describe('schemaProblems', () => {
  it.each<[string, { schema: object; value: unknown; want: Array<[string, string, string]> }]>([
    [
      'an unknown property',
      {
        schema: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
        value: { b: 1 },
        want: [['', 'additionalProperties', 'has unknown property "b", which is not allowed (additionalProperties)']],
      },
    ],
    [
      'a missing member',
      {
        schema: { type: 'object', required: ['model'] },
        value: {},
        want: [['', 'required', 'is missing required property "model" (required)']],
      },
    ],
    [
      'a value outside an enum, at its pointer',
      {
        schema: { type: 'object', properties: { a: { type: 'array', items: { enum: ['x', 'y'] } } } },
        value: { a: ['z'] },
        want: [['/a/0', 'enum', 'must be one of "x", "y" (enum)']],
      },
    ],
    [
      'a key that breaks propertyNames, once',
      {
        schema: { type: 'object', propertyNames: { maxLength: 2 } },
        value: { long: 1 },
        want: [
          [
            '',
            'propertyNames.maxLength',
            'has key "long" that must NOT have more than 2 characters (propertyNames maxLength)',
          ],
        ],
      },
    ],
    [
      'a member that admits only null as not supported',
      {
        schema: { type: 'object', properties: { previous_response_id: { type: 'null' } } },
        value: { previous_response_id: 'gen-1' },
        want: [['/previous_response_id', 'type', 'is not supported: only null is accepted (type)']],
      },
    ],
  ])('names %s', (_name, { schema, value, want }) => {
    expect(problemsOf(schema, value).map((p) => [p.pointer, p.keyword, p.message])).toEqual(want);
  });

  it('reports what is wrong with the kind meant, not with every other kind of a discriminated union', () => {
    const schema = {
      type: 'object',
      properties: {
        plugin: {
          oneOf: [
            { type: 'object', properties: { id: { const: 'web' }, max: { type: 'integer' } }, required: ['id'] },
            { type: 'object', properties: { id: { const: 'moderation' } }, required: ['id'] },
          ],
        },
      },
    };
    expect(problemsOf(schema, { plugin: { id: 'web', max: 'ten' } }).map((p) => p.message)).toEqual([
      'must be integer (type)',
    ]);
    expect(problemsOf(schema, { plugin: { id: 'nope' } }).map((p) => p.message)).toEqual([
      'must be one of "web", "moderation" (enum)',
    ]);
  });

  it('reports the shown kind of a union whose catch-all branch excludes it, not the exclusion', () => {
    // Tool: anyOf FunctionTool | GenericTool, GenericTool's type `not: {const: function}`.
    const schema = {
      type: 'object',
      properties: {
        tool: {
          anyOf: [
            {
              type: 'object',
              properties: { type: { const: 'function' }, name: { type: 'string' } },
              required: ['type'],
            },
            {
              type: 'object',
              properties: { type: { type: 'string', not: { const: 'function' } } },
              required: ['type'],
            },
          ],
        },
      },
    };
    expect(problemsOf(schema, { tool: { type: 'function', name: 42 } }).map((p) => [p.pointer, p.message])).toEqual([
      ['/tool/name', 'must be string (type)'],
    ]);
  });

  it('turns into report lines with the value and schema pointers, and says how many more', () => {
    const validate = ajv.compile({ type: 'array', items: { type: 'integer' } });
    validate(['a', 'b', 'c']);
    expect(schemaErrorLines(validate.errors, 2)).toEqual([
      '/0 must be integer (type) [#/items/type]',
      '/1 must be integer (type) [#/items/type]',
      '… 1 more',
    ]);
  });
});
