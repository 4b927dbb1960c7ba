import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dump } from 'js-yaml';
import { ContractError, createContract, loadContract } from '../../contract/contract';
import { listOperations } from '../../contract/operations';

const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1.0.0' },
  security: [{ bearerAuth: [] }],
  paths: {
    '/model/{author}/{slug}': {
      get: {
        operationId: 'getModel',
        parameters: [
          { name: 'author', in: 'path', required: true, schema: { type: 'string' } },
          { $ref: '#/components/parameters/Slug' },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Thing' },
                examples: { one: { value: { n: 1 } } },
              },
            },
          },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
    },
    '/things': {
      post: {
        operationId: 'createThing',
        security: [{ managementKey: [] }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  components: {
    parameters: { Slug: { name: 'slug', in: 'path', required: true, schema: { type: 'string', minLength: 1 } } },
    responses: { NotFound: { description: 'nf', content: { 'application/json': { schema: { type: 'object' } } } } },
    schemas: {
      Thing: {
        type: 'object',
        'x-not-shown': true,
        properties: { n: { type: ['integer', 'null'], maximum: 3 }, id: { type: 'string', format: 'uuid' } },
      },
    },
  },
};

describe('contract loader', () => {
  it('validates data against a schema named by pointer, with x- keywords accepted', () => {
    const contract = createContract(structuredClone(document));
    const validate = contract.validator('#/components/schemas/Thing');
    expect(validate({ n: 2 })).toBe(true);
    expect(validate({ n: 4 })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/n');
  });

  it('checks formats instead of ignoring them', () => {
    const validate = createContract(structuredClone(document)).validator('#/components/schemas/Thing');
    expect(validate({ id: 'not-a-uuid' })).toBe(false);
  });

  it('throws for a pointer that names no schema', () => {
    const contract = createContract(structuredClone(document));
    expect(() => contract.validator('#/components/schemas/Missing')).toThrow();
  });

  it('rejects a schema with an unknown keyword instead of treating it as valid', () => {
    const broken = structuredClone(document) as typeof document & { components: { schemas: Record<string, unknown> } };
    broken.components.schemas.Bad = { type: 'object', maxProperty: 3 };
    const contract = createContract(broken);
    expect(() => contract.validator('#/components/schemas/Bad')).toThrow(/unknown keyword/);
  });

  it('follows $ref chains', () => {
    const contract = createContract(structuredClone(document));
    expect(contract.resolve({ $ref: '#/components/parameters/Slug' })).toMatchObject({ name: 'slug' });
    expect(() => contract.at('#/nope')).toThrow(ContractError);
  });
});

type Schemas = Record<string, unknown>;

/** The test document with `edit` applied to a copy of its component schemas. */
function withSchemas(edit: (schemas: Schemas) => void) {
  const copy = structuredClone(document) as typeof document & { components: { schemas: Schemas } };
  edit(copy.components.schemas);
  return copy;
}

describe('a schema ajv refuses', () => {
  it.each([
    [
      'a keyword typo, with the keyword it resembles',
      {
        given: withSchemas((s) => {
          (s.Thing as { properties: Schemas }).properties.name = { type: 'string', maxLenght: 3 };
        }),
        want: '<memory>#/components/schemas/Thing/properties/name/maxLenght: unknown keyword "maxLenght" (did you mean "maxLength"?)',
      },
    ],
    [
      'a $ref to nothing, reached through another component',
      {
        given: withSchemas((s) => {
          s.Outer = { type: 'object', properties: { inner: { $ref: '#/components/schemas/Inner' } } };
          s.Inner = { allOf: [{ type: 'object' }, { $ref: '#/components/schemas/Nowhere' }] };
        }),
        want: '<memory>#/components/schemas/Inner/allOf/1/$ref: $ref "#/components/schemas/Nowhere" names nothing in the document',
      },
    ],
    [
      'a pattern that is not a regular expression',
      {
        given: withSchemas((s) => {
          s.Outer = { type: 'array', items: { type: 'string', pattern: '[' } };
        }),
        want: '<memory>#/components/schemas/Outer/items/pattern: Invalid regular expression',
      },
    ],
    [
      'a type that JSON Schema does not have',
      {
        given: withSchemas((s) => {
          s.Outer = { type: 'object', properties: { n: { type: 'intger' } } };
        }),
        want: '<memory>#/components/schemas/Outer/properties/n/type: type must be JSONType or JSONType[]: intger',
      },
    ],
  ])('is a ContractError naming the innermost place: %s', (_name, { given, want }) => {
    const contract = createContract(given);
    const compile = (): unknown => contract.validator(firstBroken(given));
    expect(compile).toThrow(ContractError);
    expect(compile).toThrow(want);
  });
});

/** The pointer of the component schema a case breaks (Outer when it adds one, else Thing). */
function firstBroken(given: { components: { schemas: Schemas } }): string {
  return 'Outer' in given.components.schemas ? '#/components/schemas/Outer' : '#/components/schemas/Thing';
}

describe('loadContract', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contract-'));
  const write = (name: string, text: string): string => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it.each([
    [
      'a file that is not there',
      { given: () => path.join(dir, 'missing.yaml'), want: /missing\.yaml: cannot read the spec: no such file$/ },
    ],
    [
      'YAML that does not parse, by line and column',
      { given: () => write('bad.yaml', 'openapi: 3.1.0\npaths: [unclosed\n'), want: /bad\.yaml:3:1: not valid YAML: / },
    ],
    [
      'a document that is not OpenAPI',
      {
        given: () => write('other.yaml', 'hello: world\n'),
        want: /other\.yaml#\/openapi: missing: not an OpenAPI document$/,
      },
    ],
    [
      'OpenAPI other than 3.1',
      {
        given: () => write('old.yaml', 'openapi: 3.0.3\npaths: {}\n'),
        want: /old\.yaml#\/openapi: "3\.0\.3" is not supported: /,
      },
    ],
  ])('refuses %s with one line naming the file and the place', (_name, { given, want }) => {
    const file = given();
    let error: unknown;
    try {
      loadContract(file);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ContractError);
    expect((error as Error).message).toMatch(want);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reads a valid 3.1 document from a file', () => {
    const file = write('ok.yaml', dump(document));
    expect(loadContract(file).validator('#/components/schemas/Thing')({ n: 1 })).toBe(true);
  });
});

describe('operation index', () => {
  const operations = listOperations(createContract(structuredClone(document)));

  it('lists each operation with its path pattern and parameters', () => {
    const getModel = operations.find((op) => op.operationId === 'getModel');
    expect(getModel?.method).toBe('GET');
    expect(getModel?.pattern.exec('/model/openai/gpt-4o')?.slice(1)).toEqual(['openai', 'gpt-4o']);
    expect(getModel?.pattern.test('/model/openai')).toBe(false);
    expect(getModel?.parameters.map((p) => p.name)).toEqual(['author', 'slug']);
    expect(getModel?.parameters[1]?.schemaPointer).toBe('#/components/parameters/Slug/schema');
  });

  it('reads responses through $ref with their examples', () => {
    const getModel = operations.find((op) => op.operationId === 'getModel');
    expect([...(getModel?.responses.keys() ?? [])]).toEqual(['200', '404']);
    expect(getModel?.responses.get('404')?.content.get('application/json')).toBe(
      '#/components/responses/NotFound/content/application~1json/schema',
    );
    expect(getModel?.responses.get('200')?.examples.get('application/json')?.get('one')).toEqual({ n: 1 });
  });

  it('takes operation-level security over the document default', () => {
    expect(operations.find((op) => op.operationId === 'createThing')?.securitySchemes).toEqual(['managementKey']);
    expect(operations.find((op) => op.operationId === 'getModel')?.securitySchemes).toEqual(['bearerAuth']);
  });
});
