import request from 'supertest';
import type { Contract } from '../../../../kit/contract/contract';
import type { JsonObject } from '../../../../kit/json/guards';
import { ContractError, createContract, loadContract } from '../../../../kit/contract/contract';
import { listOperations } from '../../../../kit/contract/operations';
import { createMockServer } from '../../../src/runtimes/node/server';
import { apiBasePath, modelDetailsPath } from '../../../src/core/spec-facts/api-paths';
import { readHeaderNames } from '../../../src/core/spec-facts/header-names';
import { readSpecDefaults, specDefault } from '../../../src/core/spec-facts/spec-defaults';
import { bearer, USER_KEY } from '../../helpers/sample-requests';

const contract = loadContract();

/** The spec with one change, as a separate contract (the loaded one is left alone). */
function changedSpec(change: (document: JsonObject) => void): Contract {
  const document = structuredClone(contract.document);
  change(document);
  return createContract(document);
}

const schema = (document: JsonObject, name: string): JsonObject =>
  (document.components as { schemas: Record<string, JsonObject> }).schemas[name] as JsonObject;
const property = (document: JsonObject, name: string, member: string): JsonObject =>
  (schema(document, name).properties as Record<string, JsonObject>)[member] as JsonObject;

describe('defaults read from the spec', () => {
  it('reads every default it uses from a default keyword that fits its own schema', () => {
    const read: string[] = [];
    readSpecDefaults(contract, (c, pointer) => {
      const value = specDefault(c, pointer);
      const validate = c.validator(pointer);
      if (!validate(value)) throw new Error(`${pointer}/default does not fit its schema`);
      read.push(pointer);
      return value;
    });
    expect(read).toEqual(
      expect.arrayContaining([
        '#/components/schemas/ResponseRequest/properties/parallel_tool_calls',
        '#/components/schemas/ResponseRequest/properties/tool_choice',
        '#/components/schemas/ProviderPreferences/properties/allow_fallbacks',
        '#/components/schemas/AutoRouterPlugin/properties/cost_quality_tradeoff',
        '#/components/schemas/ParetoRouterPlugin/properties/price_source',
        '#/components/parameters/Limit/schema',
      ]),
    );
  });

  it('reads the enabled default of every plugin kind of the discriminator mapping', () => {
    const mapping = contract.at<Record<string, string>>('#/components/schemas/Plugin/discriminator/mapping');
    expect(Object.keys(readSpecDefaults(contract).plugins.enabled).sort()).toEqual(Object.keys(mapping).sort());
  });

  it('stops the mock with the pointer of a default it needs that the spec lacks', () => {
    const lacking = changedSpec((document) => {
      delete property(document, 'ResponseRequest', 'parallel_tool_calls').default;
    });
    expect(() => createMockServer({ contract: lacking })).toThrow(
      new ContractError('the mock needs a default here', '<memory>', {
        pointer: '#/components/schemas/ResponseRequest/properties/parallel_tool_calls/default',
      }),
    );
    expect(() => createMockServer({ contract: lacking })).toThrow(
      '<memory>#/components/schemas/ResponseRequest/properties/parallel_tool_calls/default: the mock needs a default here',
    );
  });

  it.each([
    ['parallel_tool_calls', 'ResponseRequest', false],
    ['tool_choice', 'ResponseRequest', 'none'],
    ['service_tier', 'ResponseRequest', 'flex'],
    ['text', 'ResponseRequest', { format: { type: 'json_object' } }],
  ])('echoes the spec default of %s for a request that leaves it out', async (member, schemaName, changed) => {
    const spec = changedSpec((document) => {
      property(document, schemaName, member).default = changed;
    });
    const mock = createMockServer({ contract: spec });
    const res = await request(mock.server)
      .post('/api/v1/responses')
      .set(bearer(USER_KEY))
      .send({ model: 'openai/gpt-4o', input: 'Say hello.' });
    expect(res.status).toBe(200);
    expect((res.body as Record<string, unknown>)[member]).toEqual(changed);
  });

  it('pages GET /embeddings/models by the Limit parameter default when only offset is given', async () => {
    const spec = changedSpec((document) => {
      const parameters = document.components as { parameters: Record<string, { schema: JsonObject }> };
      (parameters.parameters.Limit as { schema: JsonObject }).schema.default = 1;
    });
    const res = await request(createMockServer({ contract: spec }).server)
      .get('/api/v1/embeddings/models?offset=0')
      .set(bearer(USER_KEY));
    expect((res.body as { data: unknown[] }).data).toHaveLength(1);
  });
});

describe('names read from the spec', () => {
  it('reads the header names of the parameters and responses', () => {
    const names = readHeaderNames(contract, listOperations(contract));
    expect(names).toMatchObject({
      sessionId: 'x-session-id',
      serviceMetadata: ['x-service-metadata', 'x-service-experimental-metadata'],
      generationId: 'X-Generation-Id',
      credentialHeaders: ['Authorization'],
    });
    expect(names.documentedResponseHeaders).toEqual(
      expect.arrayContaining(['X-Generation-Id', 'X-RateLimit-Limit', 'Retry-After']),
    );
  });

  it('sends the generation id under the name the createResponse 200 response gives it', async () => {
    const spec = changedSpec((document) => {
      const post = (document.paths as Record<string, { post: JsonObject }>)['/responses']?.post as JsonObject;
      const ok = (post.responses as Record<string, JsonObject>)['200'] as JsonObject;
      ok.headers = { 'X-Request-Generation': { $ref: '#/components/headers/XGenerationId' } };
    });
    const res = await request(createMockServer({ contract: spec }).server)
      .post('/api/v1/responses')
      .set(bearer(USER_KEY))
      .send({ model: 'openai/gpt-4o', input: 'Say hello.' });
    expect(res.headers['x-request-generation']).toBe((res.body as { id: string }).id);
    expect(res.headers['x-generation-id']).toBeUndefined();
  });

  it('reads the headers every event stream carries, with their values, from the spec', () => {
    expect(readHeaderNames(contract, listOperations(contract)).eventStream).toEqual({
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
  });

  it('sends an event-stream header the spec adds, with its example as the value', async () => {
    const spec = changedSpec((document) => {
      const headers = (document.components as { headers: Record<string, JsonObject> }).headers;
      headers.Buffering = {
        'x-sent-with': 'text/event-stream',
        schema: { type: 'string' },
        examples: { a: { value: 'off' } },
      };
      const post = (document.paths as Record<string, { post: JsonObject }>)['/responses']?.post as JsonObject;
      const ok = (post.responses as Record<string, JsonObject>)['200'] as JsonObject;
      (ok.headers as Record<string, JsonObject>)['X-Proxy-Buffering'] = { $ref: '#/components/headers/Buffering' };
    });
    const res = await request(createMockServer({ contract: spec }).server)
      .post('/api/v1/responses')
      .set(bearer(USER_KEY))
      .send({ model: 'openai/gpt-4o', input: 'Say hello.', stream: true });
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['x-proxy-buffering']).toBe('off');
    expect(res.headers['cache-control']).toBe('no-cache, no-transform');
  });

  it('stops the mock with the pointer of an event-stream header that has no example to send', () => {
    const spec = changedSpec((document) => {
      const headers = (document.components as { headers: Record<string, JsonObject> }).headers;
      delete headers.XAccelBuffering!.examples;
    });
    expect(() => createMockServer({ contract: spec })).toThrow(
      new ContractError('a header sent with every event stream needs a string example: its value', '<memory>', {
        pointer: '#/components/headers/XAccelBuffering',
      }),
    );
  });

  it.each([
    ['the default of the base_url variable', '{base_url}', '/api/v1'],
    ['a literal address', 'https://gateway.example/api/v2/', '/api/v2'],
    ['an address at the root', 'https://gateway.example', ''],
  ])('serves the API under the path of the server address: %s', (_name, url, want) => {
    const spec = changedSpec((document) => {
      (document.servers as Array<{ url: string }>)[0]!.url = url;
    });
    expect(apiBasePath(spec)).toBe(want);
  });

  it('links a model to its endpoints listing under the API base path', () => {
    expect(modelDetailsPath(apiBasePath(contract), 'openai/gpt-4o:free')).toBe(
      '/api/v1/models/openai/gpt-4o:free/endpoints',
    );
  });
});
