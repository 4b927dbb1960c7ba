/**
 * A small OpenAPI 3.1 document with the shapes the real spec uses (type lists, enums, limits,
 * a schema shared by two operations through `$ref`, parameters, security), built fresh per call
 * so each test can change its own copy.
 */
export type MiniSpec = {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Parameter>;
    securitySchemes: Record<string, unknown>;
  };
  [key: string]: unknown;
};
export type Schema = {
  [key: string]: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
};
export type Parameter = { name: string; in: string; required?: boolean; schema: Schema; [key: string]: unknown };
export type Operation = {
  operationId: string;
  description?: string;
  deprecated?: boolean;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, { schema: Schema }>;
      content?: Record<string, { schema: Schema; examples?: Record<string, unknown> }>;
    }
  >;
};

export function miniSpec(): MiniSpec {
  return {
    openapi: '3.1.0',
    info: { title: 'Mini', version: '1.0.0' },
    security: [{ bearerAuth: [] }],
    paths: {
      '/items': {
        get: {
          operationId: 'listItems',
          parameters: [{ $ref: '#/components/parameters/Limit' }],
          responses: {
            '200': {
              description: 'A page of items',
              headers: { 'x-request-id': { schema: { type: 'string' } } },
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['data'],
                    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
                  },
                  examples: { one: { value: { data: [] } } },
                },
              },
            },
            '400': {
              description: 'Bad request',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          },
        },
        post: {
          operationId: 'createItem',
          security: [{ bearerAuth: [] }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ItemRequest' } } },
          },
          responses: {
            '200': {
              description: 'The item',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
            },
            '403': {
              description: 'Forbidden',
              content: {
                'application/json': {
                  schema: {
                    anyOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/BlockError' }],
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer' },
        managementKey: { type: 'http', scheme: 'bearer' },
      },
      parameters: {
        Limit: { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000 } },
      },
      schemas: {
        Item: {
          type: 'object',
          description: 'An item.',
          required: ['id', 'kind'],
          properties: {
            id: { type: 'string' },
            kind: { type: 'string', enum: ['small', 'large'] },
            label: { type: ['string', 'null'] },
            size: { type: 'integer' },
            note: { type: 'string' },
          },
        },
        ItemRequest: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 256 },
            kind: { type: 'string', enum: ['small', 'large'] },
            colour: { type: ['string', 'null'] },
            tier: { type: 'string' },
          },
        },
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: { type: 'object', properties: { code: { type: 'integer' }, metadata: { type: 'object' } } },
          },
        },
        BlockError: { type: 'object', properties: { patterns: { type: 'array', items: { type: 'string' } } } },
      },
    },
  };
}
