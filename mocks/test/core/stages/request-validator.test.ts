import request from 'supertest';
import { loadContract } from '../../../../kit/contract/contract';
import { listOperations } from '../../../../kit/contract/operations';
import { createMockServer } from '../../../src/runtimes/node/server';
import { GatewayError } from '../../../src/exchange/gateway-error';
import type { RequestValidator } from '../../../src/core/stages/request-validator';
import { toByteString } from '../../../src/exchange/util/byte-string';
import { compileRequestValidator, REUSED_BODY_MAX_BYTES } from '../../../src/core/stages/request-validator';
import { useMock } from '../../helpers/start-mock';
import { bearer, specNumber, USER_KEY } from '../../helpers/sample-requests';
import { standInCreateResponse } from '../../helpers/stand-in-handlers';

const contract = loadContract();
const standIn = standInCreateResponse(contract);
const started = useMock({ contract, handlers: { createResponse: standIn.handler } });

// Every limit comes from the spec (maxLength, maxProperties, minItems...), never re-typed here.
const S = '#/components/schemas';
const userMax = specNumber(contract, `${S}/ResponseRequest/properties/user/maxLength`);
const sessionMax = specNumber(contract, `${S}/ResponseRequest/properties/session_id/maxLength`);
const sessionHeaderMax = specNumber(contract, '#/components/parameters/XSessionId/schema/maxLength');
const pairsMax = specNumber(contract, `${S}/RequestMetadata/maxProperties`);
const keyMax = specNumber(contract, `${S}/RequestMetadata/propertyNames/maxLength`);
const valueMax = specNumber(contract, `${S}/RequestMetadata/additionalProperties/maxLength`);
const tradeoffMin = specNumber(contract, `${S}/AutoRouterPlugin/properties/cost_quality_tradeoff/minimum`);
const tradeoffMax = specNumber(contract, `${S}/AutoRouterPlugin/properties/cost_quality_tradeoff/maximum`);
const betaTradeoffMax = specNumber(contract, `${S}/AutoBetaRouterPlugin/properties/cost_quality_tradeoff/maximum`);
const scoreMin = specNumber(contract, `${S}/ParetoRouterPlugin/properties/min_coding_score/minimum`);
const scoreMax = specNumber(contract, `${S}/ParetoRouterPlugin/properties/min_coding_score/maximum`);
const panelMin = specNumber(contract, `${S}/FusionPlugin/properties/analysis_models/minItems`);
const panelMax = specNumber(contract, `${S}/FusionPlugin/properties/analysis_models/maxItems`);
const fusionCallsMin = specNumber(contract, `${S}/FusionPlugin/properties/max_tool_calls/minimum`);
const fusionCallsMax = specNumber(contract, `${S}/FusionPlugin/properties/max_tool_calls/maximum`);
const fusionToolsMax = specNumber(contract, `${S}/FusionPlugin/properties/tools/maxItems`);

const base = { model: 'openai/gpt-4o', input: 'Say hello.' };
const pairs = (n: number, key = (i: number) => `k${i}`): Record<string, string> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [key(i), 'v']));
const models = (n: number): string[] => Array.from({ length: n }, (_, i) => `openai/model-${i}`);
const tools = (n: number): Array<{ type: string }> => Array.from({ length: n }, () => ({ type: 'web_search' }));

function postResponses(body: unknown, headers: Record<string, string> = {}) {
  return request(started().mock.server)
    .post('/api/v1/responses')
    .set(bearer(USER_KEY))
    .set(headers)
    .send(body as object);
}

interface Rejection {
  readonly field: string;
  readonly rule: string;
}

/** ResponseRequest and the schemas it refers to: what the validator compiled from the spec rejects. */
const rejected: Array<[string, { given: Record<string, unknown>; want: Rejection }]> = [
  // ResponseRequest's anyOf: `model`, a non-empty `models` list, or an enabled routing plugin.
  ['a body naming no model', { given: { model: undefined }, want: { field: 'body', rule: 'anyOf' } }],
  [
    'an empty models list as the only model',
    { given: { model: undefined, models: [] }, want: { field: 'body', rule: 'anyOf' } },
  ],
  [
    'a disabled routing plugin as the only model',
    {
      given: { model: undefined, plugins: [{ id: 'auto-router', enabled: false }] },
      want: { field: 'body', rule: 'anyOf' },
    },
  ],
  ['an empty model id', { given: { model: '' }, want: { field: 'body.model', rule: 'minLength' } }],
  ['an empty id in models', { given: { models: [''] }, want: { field: 'body.models[0]', rule: 'minLength' } }],
  [
    'an empty fusion panel model id',
    {
      given: { plugins: [{ id: 'fusion', analysis_models: [''] }] },
      want: { field: 'body.plugins[0].analysis_models[0]', rule: 'minLength' },
    },
  ],
  [
    'tool_choice "required" with only a tool that is not a function',
    { given: { tool_choice: 'required', tools: tools(1) }, want: { field: 'body', rule: 'if' } },
  ],
  [
    'a max_price that is not a decimal number (UsdAmount)',
    {
      given: { provider: { max_price: { prompt: 'cheap' } } },
      want: { field: 'body.provider.max_price.prompt', rule: 'pattern' },
    },
  ],
  [
    'provider with a property ProviderPreferences does not list',
    {
      given: { provider: { order: ['openai'], fastest: true } },
      want: { field: 'body.provider', rule: 'additionalProperties' },
    },
  ],
  [
    'a string previous_response_id',
    { given: { previous_response_id: 'gen-1' }, want: { field: 'body.previous_response_id', rule: 'type' } },
  ],
  [
    'an object previous_response_id',
    { given: { previous_response_id: {} }, want: { field: 'body.previous_response_id', rule: 'type' } },
  ],
  ['store: true', { given: { store: true }, want: { field: 'body.store', rule: 'const' } }],
  [
    `metadata with ${pairsMax + 1} pairs`,
    { given: { metadata: pairs(pairsMax + 1) }, want: { field: 'body.metadata', rule: 'maxProperties' } },
  ],
  [
    `a metadata key of ${keyMax + 1} characters`,
    {
      given: { metadata: { ['k'.repeat(keyMax + 1)]: 'v' } },
      want: { field: 'body.metadata', rule: 'propertyNames.maxLength' },
    },
  ],
  [
    'a metadata key with [',
    { given: { metadata: { 'a[0': 'v' } }, want: { field: 'body.metadata', rule: 'propertyNames.pattern' } },
  ],
  [
    'a metadata key with ]',
    { given: { metadata: { 'a]': 'v' } }, want: { field: 'body.metadata', rule: 'propertyNames.pattern' } },
  ],
  [
    `a metadata value of ${valueMax + 1} characters`,
    { given: { metadata: { k: 'v'.repeat(valueMax + 1) } }, want: { field: 'body.metadata.k', rule: 'maxLength' } },
  ],
  [
    'a metadata value that is not a string',
    { given: { metadata: { k: 1 } }, want: { field: 'body.metadata.k', rule: 'type' } },
  ],
  [
    `user of ${userMax + 1} characters`,
    { given: { user: 'u'.repeat(userMax + 1) }, want: { field: 'body.user', rule: 'maxLength' } },
  ],
  [
    `session_id of ${sessionMax + 1} characters`,
    { given: { session_id: 's'.repeat(sessionMax + 1) }, want: { field: 'body.session_id', rule: 'maxLength' } },
  ],
  [
    `auto-router cost_quality_tradeoff ${tradeoffMin - 1}`,
    {
      given: { plugins: [{ id: 'auto-router', cost_quality_tradeoff: tradeoffMin - 1 }] },
      want: { field: 'body.plugins[0].cost_quality_tradeoff', rule: 'minimum' },
    },
  ],
  [
    `auto-router cost_quality_tradeoff ${tradeoffMax + 1}`,
    {
      given: { plugins: [{ id: 'auto-router', cost_quality_tradeoff: tradeoffMax + 1 }] },
      want: { field: 'body.plugins[0].cost_quality_tradeoff', rule: 'maximum' },
    },
  ],
  [
    'auto-router cost_quality_tradeoff 5.5',
    {
      given: { plugins: [{ id: 'auto-router', cost_quality_tradeoff: 5.5 }] },
      want: { field: 'body.plugins[0].cost_quality_tradeoff', rule: 'type' },
    },
  ],
  [
    `auto-beta-router cost_quality_tradeoff ${betaTradeoffMax + 1}`,
    {
      given: { plugins: [{ id: 'web' }, { id: 'auto-beta-router', cost_quality_tradeoff: betaTradeoffMax + 1 }] },
      want: { field: 'body.plugins[1].cost_quality_tradeoff', rule: 'maximum' },
    },
  ],
  [
    `pareto-router min_coding_score below ${scoreMin}`,
    {
      given: { plugins: [{ id: 'pareto-router', min_coding_score: scoreMin - 0.01 }] },
      want: { field: 'body.plugins[0].min_coding_score', rule: 'minimum' },
    },
  ],
  [
    `pareto-router min_coding_score above ${scoreMax}`,
    {
      given: { plugins: [{ id: 'pareto-router', min_coding_score: scoreMax + 0.01 }] },
      want: { field: 'body.plugins[0].min_coding_score', rule: 'maximum' },
    },
  ],
  [
    `fusion with ${panelMin - 1} analysis models`,
    {
      given: { plugins: [{ id: 'fusion', analysis_models: models(panelMin - 1) }] },
      want: { field: 'body.plugins[0].analysis_models', rule: 'minItems' },
    },
  ],
  [
    `fusion with ${panelMax + 1} analysis models`,
    {
      given: { plugins: [{ id: 'fusion', analysis_models: models(panelMax + 1) }] },
      want: { field: 'body.plugins[0].analysis_models', rule: 'maxItems' },
    },
  ],
  [
    `fusion max_tool_calls ${fusionCallsMin - 1}`,
    {
      given: { plugins: [{ id: 'fusion', max_tool_calls: fusionCallsMin - 1 }] },
      want: { field: 'body.plugins[0].max_tool_calls', rule: 'minimum' },
    },
  ],
  [
    `fusion max_tool_calls ${fusionCallsMax + 1}`,
    {
      given: { plugins: [{ id: 'fusion', max_tool_calls: fusionCallsMax + 1 }] },
      want: { field: 'body.plugins[0].max_tool_calls', rule: 'maximum' },
    },
  ],
  [
    `fusion with ${fusionToolsMax + 1} tools`,
    {
      given: { plugins: [{ id: 'fusion', tools: tools(fusionToolsMax + 1) }] },
      want: { field: 'body.plugins[0].tools', rule: 'maxItems' },
    },
  ],
  [
    'a plugin without id',
    { given: { plugins: [{ enabled: true }] }, want: { field: 'body.plugins[0]', rule: 'required' } },
  ],
  [
    'a plugin id that does not exist',
    { given: { plugins: [{ id: 'teleport' }] }, want: { field: 'body.plugins[0].id', rule: 'enum' } },
  ],
  [
    'a service_tier outside the enum',
    { given: { service_tier: 'turbo' }, want: { field: 'body.service_tier', rule: 'enum' } },
  ],
  ['input that is a number', { given: { input: 42 }, want: { field: 'body.input', rule: 'type' } }],
  // FunctionTool: a tool of type function is checked as one, never taken in by GenericTool.
  [
    'a function tool whose name is not a string',
    { given: { tools: [{ type: 'function', name: 42 }] }, want: { field: 'body.tools[0].name', rule: 'type' } },
  ],
  [
    'a function tool without name',
    {
      given: { tools: [{ type: 'web_search' }, { type: 'function', parameters: { type: 'object' } }] },
      want: { field: 'body.tools[1]', rule: 'required' },
    },
  ],
  [
    'a function tool whose parameters is not an object',
    {
      given: { tools: [{ type: 'function', name: 'f', parameters: '{}' }] },
      want: { field: 'body.tools[0].parameters', rule: 'type' },
    },
  ],
];

/** The same rules at their boundary: the request reaches the handler. */
const accepted: Array<[string, { given: Record<string, unknown> }]> = [
  ['a models list without model', { given: { model: undefined, models: ['openai/gpt-4o'] } }],
  ['no model beside an enabled routing plugin', { given: { model: undefined, plugins: [{ id: 'pareto-router' }] } }],
  [
    'max_price values written as decimals',
    { given: { provider: { max_price: { prompt: '0.25', completion: '.5' } } } },
  ],
  ['previous_response_id null', { given: { previous_response_id: null } }],
  ['store: false', { given: { store: false } }],
  [`metadata with ${pairsMax} pairs`, { given: { metadata: pairs(pairsMax) } }],
  [`a metadata key of ${keyMax} characters`, { given: { metadata: { ['k'.repeat(keyMax)]: 'v' } } }],
  [`a metadata value of ${valueMax} characters`, { given: { metadata: { k: 'v'.repeat(valueMax) } } }],
  ['metadata null', { given: { metadata: null } }],
  [`user of ${userMax} characters`, { given: { user: 'u'.repeat(userMax) } }],
  [`session_id of ${sessionMax} characters`, { given: { session_id: 's'.repeat(sessionMax) } }],
  [
    `cost_quality_tradeoff ${tradeoffMin} and ${tradeoffMax}`,
    {
      given: {
        plugins: [
          { id: 'auto-router', cost_quality_tradeoff: tradeoffMin },
          { id: 'auto-beta-router', cost_quality_tradeoff: tradeoffMax },
        ],
      },
    },
  ],
  [
    `min_coding_score ${scoreMin} and ${scoreMax}`,
    {
      given: {
        plugins: [
          { id: 'pareto-router', min_coding_score: scoreMin },
          { id: 'pareto-router', min_coding_score: scoreMax },
        ],
      },
    },
  ],
  [
    `fusion with ${panelMin} and ${panelMax} analysis models`,
    {
      given: {
        plugins: [
          { id: 'fusion', analysis_models: models(panelMin) },
          { id: 'fusion', analysis_models: models(panelMax) },
        ],
      },
    },
  ],
  [
    `fusion max_tool_calls ${fusionCallsMin}..${fusionCallsMax} and ${fusionToolsMax} tools`,
    {
      given: {
        plugins: [
          { id: 'fusion', max_tool_calls: fusionCallsMin },
          { id: 'fusion', max_tool_calls: fusionCallsMax, tools: tools(fusionToolsMax) },
        ],
      },
    },
  ],
  [
    'a function tool with null description and parameters, as OpenAI clients send them',
    { given: { tools: [{ type: 'function', name: 'f', description: null, parameters: null, strict: null }] } },
  ],
  [
    'provider with only ProviderPreferences properties',
    {
      given: {
        provider: { order: ['openai'], allow_fallbacks: false, data_collection: 'deny', max_price: { prompt: '1' } },
      },
    },
  ],
];

describe('request validation compiled from the spec (POST /responses)', () => {
  it.each(rejected)('returns 400 naming the field and the rule for %s', async (_name, { given, want }) => {
    const res = await postResponses({ ...base, ...given });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(400);
    expect(res.body.error.message).toContain(want.field);
    expect(res.body.error.message).toContain(want.rule.split('.').pop());
    expect(res.body.error.metadata.errors).toContainEqual(
      expect.objectContaining({ field: want.field, rule: want.rule }),
    );
  });

  it.each(accepted)('passes %s on to the handler', async (_name, { given }) => {
    const before = standIn.bodies.length;
    const res = await postResponses({ ...base, ...given });
    expect(res.status).toBe(200);
    expect(standIn.bodies.slice(before)).toEqual([{ ...base, ...given }]);
  });

  it.each([
    ['naming no model', { input: 'Say hello.' }, 0, 'anyOf'],
    ['with tool_choice "required" and no function tool', { ...base, tool_choice: 'required' }, 1, 'if'],
  ])('says in one line, the title of the rule in the spec, what a body %s lacks', async (_name, body, at, rule) => {
    const res = await postResponses(body);
    const title = contract.at<string>(`${S}/ResponseRequest/allOf/${at}/title`);
    expect(res.body.error.message).toBe(`Invalid request: body must ${title} (${rule})`);
    expect(res.body.error.metadata.errors).toEqual([{ field: 'body', rule, message: expect.any(String) }]);
  });

  it('names only the function tool problem, not the tool kinds it is not', async () => {
    const res = await postResponses({ ...base, tools: [{ type: 'function', name: 42 }] });
    expect(res.body.error.metadata.errors).toEqual([
      { field: 'body.tools[0].name', rule: 'type', message: 'must be string (type)' },
    ]);
  });

  it('reports every broken rule, not only the first', async () => {
    const res = await postResponses({
      ...base,
      user: 'u'.repeat(userMax + 1),
      store: true,
      provider: { fastest: true },
    });
    expect(res.status).toBe(400);
    const fields = (res.body.error.metadata.errors as Rejection[]).map((e) => e.field).sort();
    expect(fields).toEqual(['body.provider', 'body.store', 'body.user']);
  });

  it.each([
    [
      `x-session-id of ${sessionHeaderMax + 1} characters`,
      {
        given: { 'x-session-id': 's'.repeat(sessionHeaderMax + 1) },
        want: { field: 'header.x-session-id', rule: 'maxLength' },
      },
    ],
    [
      'X-Service-Metadata outside its enum',
      { given: { 'X-Service-Metadata': 'yes' }, want: { field: 'header.X-Service-Metadata', rule: 'enum' } },
    ],
  ])('validates request headers too: %s is 400', async (_name, { given, want }) => {
    const res = await postResponses(base, given);
    expect(res.status).toBe(400);
    expect(res.body.error.metadata.errors).toContainEqual(expect.objectContaining(want));
  });

  it('compiles a validator for every operation at start-up', () => {
    const compiled: string[] = [];
    const original = contract.validator;
    const spy = jest.spyOn(contract, 'validator').mockImplementation((pointer: string) => {
      compiled.push(pointer);
      return original(pointer);
    });
    try {
      createMockServer({ contract });
    } finally {
      spy.mockRestore();
    }
    for (const operation of listOperations(contract)) {
      for (const pointer of operation.requestBody?.content.values() ?? []) expect(compiled).toContain(pointer);
      for (const param of operation.parameters) expect(compiled).toContain(param.schemaPointer);
    }
  });
});

describe('request bodies', () => {
  it.each([
    ['a cut-off object', { given: '{"model":' }],
    ['a trailing comma', { given: '{"model":"openai/gpt-4o",}' }],
    ['single quotes', { given: "{'model':'openai/gpt-4o'}" }],
  ])('returns 400 for malformed JSON: %s', async (_name, { given }) => {
    const res = await request(started().mock.server)
      .post('/api/v1/responses')
      .set(bearer(USER_KEY))
      .set('Content-Type', 'application/json')
      .send(given);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 400, message: expect.stringMatching(/^Malformed JSON in request body/) },
    });
  });

  it.each([
    ['an array', { given: '[]' }],
    ['a string', { given: '"hello"' }],
    ['null', { given: 'null' }],
  ])('returns 400 for a JSON body that is %s, not an object', async (_name, { given }) => {
    const res = await request(started().mock.server)
      .post('/api/v1/responses')
      .set(bearer(USER_KEY))
      .set('Content-Type', 'application/json')
      .send(given);
    expect(res.status).toBe(400);
    expect(res.body.error.metadata.errors).toContainEqual(expect.objectContaining({ field: 'body', rule: 'type' }));
  });

  it('returns 400 when the required body is missing', async () => {
    const res = await request(started().mock.server)
      .post('/api/v1/responses')
      .set(bearer(USER_KEY))
      .set('Content-Type', 'application/json');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/body is required/);
  });

  it('returns 400 for a body that is not UTF-8', async () => {
    // {"model":"<0xff>"}: well-formed JSON if the stray byte were decoded leniently.
    const body = Buffer.concat([Buffer.from('{"model":"'), Buffer.from([0xff]), Buffer.from('"}')]);
    const res = await fetch(`${started().baseUrl}/responses`, {
      method: 'POST',
      headers: { ...bearer(USER_KEY), 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 400, message: 'Invalid request: the body is not valid UTF-8' } });
  });

  it.each([
    ['text/plain', { given: 'text/plain' }],
    ['form encoding (curl -d without -H)', { given: 'application/x-www-form-urlencoded' }],
    ['XML', { given: 'application/xml' }],
  ])('returns 400 naming the content type for a body sent as %s', async (_name, { given }) => {
    const res = await request(started().mock.server)
      .post('/api/v1/responses')
      .set(bearer(USER_KEY))
      .set('Content-Type', given)
      .send(JSON.stringify(base));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`Invalid request: Content-Type must be application/json, got ${given}`);
  });

  it.each([
    ['application/json; charset=utf-8', { given: 'application/json; charset=utf-8' }],
    ['upper case', { given: 'Application/JSON' }],
  ])('accepts JSON sent as %s', async (_name, { given }) => {
    const res = await request(started().mock.server)
      .post('/api/v1/responses')
      .set(bearer(USER_KEY))
      .set('Content-Type', given)
      .send(JSON.stringify(base));
    expect(res.status).toBe(200);
  });
});

describe('reused bodies', () => {
  const operation = listOperations(contract).find((op) => op.operationId === 'createResponse');
  if (!operation) throw new Error('createResponse is not in the spec');
  const headers = { 'content-type': 'application/json' };
  const raw = (body: unknown): Buffer => Buffer.from(JSON.stringify(body));
  const validate = (reuseBodies: boolean) => compileRequestValidator(contract, operation, { reuseBodies });
  const call = (validator: RequestValidator, body: Buffer, extra: Record<string, string> = {}) =>
    validator({ pathParams: {}, queryString: '', headers: { ...headers, ...extra }, body });

  it('hands out the same frozen object for the same bytes', () => {
    const validator = validate(true);
    const first = call(validator, raw(base)).body as { model: string };
    const second = call(validator, raw(base)).body;
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      first.model = 'openai/gpt-4o-mini';
    }).toThrow(TypeError);
  });

  it('hands out the byte string of a body it keeps, the same one for the same bytes, and none otherwise', () => {
    const validator = validate(true);
    const bytes = raw({ ...base, input: 'café' });
    const first = call(validator, bytes).bodyByteString;
    expect(first).toBe(toByteString(bytes));
    expect(call(validator, Buffer.from(bytes)).bodyByteString).toBe(first);
    expect(call(validate(false), bytes).bodyByteString).toBeUndefined();
    const large = raw({ ...base, input: 'x'.repeat(REUSED_BODY_MAX_BYTES) });
    expect(call(validator, large).bodyByteString).toBeUndefined();
  });

  it('tells bodies apart by every byte, beyond ASCII too, up to the largest it keeps', () => {
    const validator = validate(true);
    const cafe = call(validator, raw({ ...base, input: 'café' })).body as { input: string };
    const cafeGrave = call(validator, raw({ ...base, input: 'cafè' })).body as { input: string };
    expect([cafe.input, cafeGrave.input]).toEqual(['café', 'cafè']);
    const json = JSON.stringify({ ...base, input: '' });
    const largest = raw({ ...base, input: 'é'.repeat((REUSED_BODY_MAX_BYTES - Buffer.byteLength(json)) / 2) });
    expect(largest.length).toBe(REUSED_BODY_MAX_BYTES);
    expect(call(validator, largest).body).toBe(call(validator, largest).body);
  });

  it('parses each request afresh when bodies are not reused, or too large to keep', () => {
    expect(call(validate(false), raw(base)).body).not.toBe(call(validate(false), raw(base)).body);
    const validator = validate(true);
    const large = raw({ ...base, input: 'x'.repeat(REUSED_BODY_MAX_BYTES) });
    expect(call(validator, large).body).not.toBe(call(validator, large).body);
  });

  it('still checks the content type and the header parameters of a body it knows', () => {
    const validator = validate(true);
    call(validator, raw(base));
    expect(() => call(validator, raw(base), { 'content-type': 'text/plain' })).toThrow(
      'Content-Type must be application/json, got text/plain',
    );
    expect(() => call(validator, raw(base), { 'x-service-metadata': 'sometimes' })).toThrow(GatewayError);
  });

  it('keeps no body that failed, so it fails the same way every time', () => {
    const validator = validate(true);
    const bad = raw({ ...base, temperature: 'hot' });
    const first = captureError(() => call(validator, bad));
    expect(first).toBeInstanceOf(GatewayError);
    expect(captureError(() => call(validator, bad))).toEqual(first);
  });
});

function captureError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
