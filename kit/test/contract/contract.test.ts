import { ContractError, createContract } from '../../contract/contract';
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
