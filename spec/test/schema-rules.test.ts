/**
 * The rules of #/components/schemas, ResponseStreamEvent, ErrorEnvelope as the document's schemas enforce them: what a validator
 * derived from spec/openapi.yaml accepts and rejects. Table-driven: [case, schema, given, want].
 */
import { loadContract } from '../../kit/contract/contract';

const contract = loadContract();
const S = '#/components/schemas';
const delta = {
  type: 'response.output_text.delta',
  sequence_number: 4,
  item_id: 'msg_1',
  output_index: 0,
  content_index: 0,
  delta: 'Hi',
  logprobs: [],
};
const message = {
  type: 'message',
  id: 'msg_1',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text: 'Hi', annotations: [] }],
};

const architecture = (modality: string) => ({
  input_modalities: ['text'],
  output_modalities: ['text'],
  modality,
  tokenizer: 'GPT',
});
const GUARDRAIL = '00000000-0000-4000-8000-000000000001';
const guardrailStage = {
  type: 'guardrail',
  name: 'Prompt injection',
  summary: 'Blocked.',
  guardrail_id: GUARDRAIL,
  guardrail_scope: 'key',
  data: { action: 'block', detected: true, engines: ['pattern'], patterns: ['p'] },
};
/** A guardrail block whose service_metadata has every member, with `change` applied. */
const blockWith = (change: Record<string, unknown>) => ({
  error: { code: 403, message: 'm', metadata: { patterns: ['p'] } },
  service_metadata: {
    attempt: 1,
    endpoints: { available: [{ model: 'm', provider: 'p', selected: false }], total: 1 },
    is_byok: false,
    region: 'us',
    requested: 'm',
    strategy: 'price',
    summary: 's',
    pipeline: [guardrailStage],
    ...change,
  },
});

const CASES: ReadonlyArray<readonly [string, string, unknown, boolean]> = [
  // ResponseRequest request
  // ResponseRequest: no member is required on its own, but the request names a model (allOf/0's anyOf)
  ['an empty request (it names no model)', 'ResponseRequest', {}, false],
  ['a request with only model', 'ResponseRequest', { model: 'm' }, true],
  ['a request with only a models list', 'ResponseRequest', { models: ['m'] }, true],
  ['an empty models list as the only model', 'ResponseRequest', { models: [] }, false],
  ['an enabled routing plugin as the only model', 'ResponseRequest', { plugins: [{ id: 'pareto-router' }] }, true],
  [
    'a disabled routing plugin as the only model',
    'ResponseRequest',
    { plugins: [{ id: 'auto-router', enabled: false }] },
    false,
  ],
  ['a plugin that does not route as the only model', 'ResponseRequest', { plugins: [{ id: 'web' }] }, false],
  ['an empty model id', 'ResponseRequest', { model: '' }, false],
  ['an empty id in models', 'ResponseRequest', { model: 'm', models: [''] }, false],
  ['an empty fusion judge model', 'ResponseRequest', { model: 'm', plugins: [{ id: 'fusion', model: '' }] }, false],
  // ResponseRequest: tool_choice "required" asks for a function tool (allOf/1's if/then)
  ['tool_choice required without tools', 'ResponseRequest', { model: 'm', tool_choice: 'required' }, false],
  [
    'tool_choice required with a function tool',
    'ResponseRequest',
    { model: 'm', tool_choice: 'required', tools: [{ type: 'function', name: 'f' }] },
    true,
  ],
  [
    'tool_choice required with only a tool that is not a function',
    'ResponseRequest',
    { model: 'm', tool_choice: 'required', tools: [{ type: 'web_search' }] },
    false,
  ],
  // UsdAmount: provider.max_price values are non-negative decimals
  ['max_price values as decimals', 'ProviderMaxPrice', { prompt: '5', completion: '0.25', request: '.5' }, true],
  ['a max_price value that is not a number', 'ProviderMaxPrice', { prompt: 'cheap' }, false],
  ['a negative max_price value', 'ProviderMaxPrice', { prompt: '-1' }, false],
  ['previous_response_id null', 'ResponseRequest', { model: 'm', previous_response_id: null }, true],
  ['previous_response_id non-null', 'ResponseRequest', { model: 'm', previous_response_id: 'gen-1' }, false],
  ['store false', 'ResponseRequest', { model: 'm', store: false }, true],
  ['store true', 'ResponseRequest', { model: 'm', store: true }, false],
  ['service_tier null', 'ResponseRequest', { model: 'm', service_tier: null }, true],
  ['an unknown service_tier', 'ResponseRequest', { model: 'm', service_tier: 'turbo' }, false],
  ['an unknown include value', 'ResponseRequest', { model: 'm', include: ['everything'] }, false],
  ['a modality outside text|image', 'ResponseRequest', { model: 'm', modalities: ['audio'] }, false],
  ['cache_control without type', 'ResponseRequest', { model: 'm', cache_control: { ttl: '5m' } }, false],
  ['prompt without id', 'ResponseRequest', { model: 'm', prompt: { variables: {} } }, false],
  ['tool_choice as a string', 'ResponseRequest', { model: 'm', tool_choice: 'none' }, true],
  ['tool_choice as an object', 'ResponseRequest', { model: 'm', tool_choice: { type: 'function', name: 'f' } }, true],
  ['tool_choice as a number', 'ResponseRequest', { model: 'm', tool_choice: 1 }, false],
  ['text as an object', 'ResponseRequest', { model: 'm', text: { format: { type: 'json_object' } } }, true],
  ['text as a string', 'ResponseRequest', { model: 'm', text: 'plain' }, false],
  ['image_config with string, number and array values', 'ImageConfig', { a: 'x', b: 1.5, c: [1] }, true],
  ['image_config with an object value', 'ImageConfig', { a: { b: 1 } }, false],
  // InputItem input items
  ['a string input', 'ResponseInput', 'hello', true],
  ['an easy message with string content', 'InputItem', { role: 'user', content: 'hi' }, true],
  ['an easy message with parts', 'InputItem', { role: 'user', content: [{ type: 'input_text', text: 'hi' }] }, true],
  ['a message without role or type', 'InputItem', { content: 'hi' }, false],
  ['an output message with null content', 'InputItem', { type: 'message', role: 'assistant', content: null }, true],
  [
    'a kind whose fields are not shown',
    'InputItem',
    { type: 'function_call_output', call_id: 'c', output: '{}' },
    true,
  ],
  // Plugin plugins
  [
    'each plugin kind by id',
    'ResponseRequest',
    {
      model: 'm',
      plugins: [
        { id: 'auto-router' },
        { id: 'auto-beta-router' },
        { id: 'context-compression' },
        { id: 'file-parser' },
        { id: 'fusion' },
        { id: 'moderation' },
        { id: 'pareto-router' },
        { id: 'response-healing' },
        { id: 'web' },
        { id: 'web-fetch', enabled: false },
      ],
    },
    true,
  ],
  ['an unknown plugin id', 'Plugin', { id: 'teleport' }, false],
  ['a plugin without id', 'Plugin', { enabled: true }, false],
  ['cost_quality_tradeoff 11', 'Plugin', { id: 'auto-router', cost_quality_tradeoff: 11 }, false],
  ['a fusion preset outside the enum', 'Plugin', { id: 'fusion', preset: 'general-max' }, false],
  ['a pareto price_source outside the enum', 'Plugin', { id: 'pareto-router', price_source: 'median' }, false],
  ['web user_location without type', 'Plugin', { id: 'web', user_location: { city: 'Paris' } }, false],
  // ProviderPreferences provider
  ['a provider property that is not listed', 'ProviderPreferences', { sort: 'price' }, false],
  ['data_collection deny', 'ProviderPreferences', { data_collection: 'deny' }, true],
  ['data_collection maybe', 'ProviderPreferences', { data_collection: 'maybe' }, false],
  ['a numeric max_price', 'ProviderPreferences', { max_price: { prompt: 1 } }, false],
  // Tool tools
  ['a function tool', 'Tool', { type: 'function', name: 'f', parameters: { type: 'object' } }, true],
  ['a tool kind whose fields are not shown', 'Tool', { type: 'web_search', search_context_size: 'low' }, true],
  ['a tool without type', 'Tool', { name: 'f' }, false],
  // The function tool is shown: GenericTool does not take it in, whatever its members.
  ['a function tool without name', 'Tool', { type: 'function', parameters: { type: 'object' } }, false],
  ['a function tool with a numeric name', 'Tool', { type: 'function', name: 42 }, false],
  ['a function tool whose parameters is a string', 'Tool', { type: 'function', name: 'f', parameters: 'x' }, false],
  ['a function tool with a numeric description', 'Tool', { type: 'function', name: 'f', description: 1 }, false],
  [
    'a function tool with null description and parameters, as OpenAI clients send them',
    'Tool',
    { type: 'function', name: 'f', description: null, parameters: null, strict: null },
    true,
  ],
  // ResponseResult result items
  ['a message output item', 'OutputItem', message, true],
  ['a message output item with a user role', 'OutputItem', { ...message, role: 'user' }, false],
  ['a message output item without content', 'OutputItem', { ...message, content: undefined }, false],
  ['a reasoning item with null summary', 'OutputItem', { type: 'reasoning', id: 'rs_1', summary: null }, true],
  ['a reasoning item without summary', 'OutputItem', { type: 'reasoning', id: 'rs_1' }, false],
  ['a function call item', 'OutputItem', { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' }, true],
  ['an output kind whose fields are not shown', 'OutputItem', { type: 'web_search_call', id: 'ws_1' }, true],
  // ModelArchitecture: modality is of the form input->output
  ['a modality input->output', 'ModelArchitecture', architecture('text+image->text'), true],
  ['a modality without the arrow', 'ModelArchitecture', architecture('text'), false],
  ['a modality without its output side', 'ModelArchitecture', architecture('text->'), false],
  // Model catalog: the links and total_count names are not shown, so other names are not failed
  [
    'a model list with other pagination member names',
    'EmbeddingsModelList',
    { data: [], pagination: {}, count: 0 },
    true,
  ],
  // ResponseStreamEvent stream events
  ['the shown delta event', 'ResponseStreamEvent', delta, true],
  ['a delta event without logprobs', 'ResponseStreamEvent', { ...delta, logprobs: undefined }, false],
  ['an event with a negative sequence_number', 'ResponseStreamEvent', { ...delta, sequence_number: -1 }, false],
  [
    'an event type that is not shown',
    'ResponseStreamEvent',
    { type: 'response.web_search_call.searching', sequence_number: 3 },
    true,
  ],
  ['an event without sequence_number', 'ResponseStreamEvent', { type: 'response.web_search_call.searching' }, false],
  [
    'an error event',
    'ResponseStreamEvent',
    { type: 'error', sequence_number: 2, code: null, message: 'm', param: null },
    true,
  ],
  ['a debug event without debug', 'ResponseStreamEvent', { type: 'response.debug', sequence_number: 0 }, false],
  // ErrorEnvelope errors
  [
    'an envelope with null metadata, service_metadata and user_id',
    'ErrorEnvelope',
    { error: { code: 400, message: 'm', metadata: null }, service_metadata: null, user_id: null },
    true,
  ],
  ['an envelope without error.code', 'ErrorEnvelope', { error: { message: 'm' } }, false],
  ['a string error code', 'ErrorEnvelope', { error: { code: '400', message: 'm' } }, false],
  [
    'a guardrail block without patterns',
    'GuardrailBlockError',
    { error: { code: 403, message: 'm', metadata: {} } },
    false,
  ],
  [
    'a guardrail block with partial service_metadata',
    'GuardrailBlockError',
    { error: { code: 403, message: 'm', metadata: { patterns: ['p'] } }, service_metadata: { attempt: 1 } },
    false,
  ],
  [
    'a guardrail block whose guardrail stage has only type and id',
    'GuardrailBlockError',
    blockWith({ pipeline: [{ type: 'guardrail', guardrail_id: GUARDRAIL }] }),
    false,
  ],
  [
    'a guardrail block whose guardrail stage data lacks engines',
    'GuardrailBlockError',
    blockWith({ pipeline: [{ ...guardrailStage, data: { ...guardrailStage.data, engines: undefined } }] }),
    false,
  ],
  [
    'a guardrail block without a guardrail stage',
    'GuardrailBlockError',
    blockWith({ pipeline: [{ type: 'routing' }] }),
    false,
  ],
  [
    'a guardrail block whose endpoints lack total',
    'GuardrailBlockError',
    blockWith({ endpoints: { available: [] } }),
    false,
  ],
  [
    'a guardrail block whose available endpoint lacks selected',
    'GuardrailBlockError',
    blockWith({ endpoints: { available: [{ model: 'm', provider: 'p' }], total: 1 } }),
    false,
  ],
  [
    'a guardrail block with every service_metadata member, a routing stage beside the guardrail stage',
    'GuardrailBlockError',
    blockWith({ pipeline: [{ type: 'routing' }, guardrailStage] }),
    true,
  ],
  [
    'a guardrail block with null service_metadata',
    'GuardrailBlockError',
    { error: { code: 403, message: 'm', metadata: { patterns: ['p'] } }, service_metadata: null },
    true,
  ],
  // unassignGuardrailKeys guardrails
  ['an empty key_hashes', 'UnassignKeysRequest', { key_hashes: [] }, false],
  ['an empty key hash', 'UnassignKeysRequest', { key_hashes: [''] }, false],
  ['a negative unassigned_count', 'UnassignKeysResult', { unassigned_count: -1 }, false],
];

describe('schema rules', () => {
  it.each(CASES)('%s: %s -> %p', (_case, schema, given, want) => {
    const validate = contract.validator(`${S}/${schema}`);
    const got = validate(JSON.parse(JSON.stringify(given)));
    if (got !== want) throw new Error(`${schema} gave ${String(got)}: ${JSON.stringify(validate.errors)}`);
    expect(got).toBe(want);
  });

  it('gives the request its tool_choice and text defaults beside the shared schemas, not in them', () => {
    // ResponseRequest: {$ref: ToolChoice, default: auto}; ResponseResult uses ToolChoice as it is.
    for (const [member, schema, fallback] of [
      ['tool_choice', 'ToolChoice', 'auto'],
      ['text', 'TextConfig', { format: { type: 'text' } }],
    ] as const) {
      expect(contract.at(`${S}/ResponseRequest/properties/${member}`)).toMatchObject({
        $ref: `${S}/${schema}`,
        default: fallback,
      });
      expect(contract.at(`${S}/ResponseResult/properties/${member}`)).toEqual({ $ref: `${S}/${schema}` });
      expect(contract.at<Record<string, unknown>>(`${S}/${schema}`)).not.toHaveProperty('default');
    }
  });

  it('accepts a guardrail id only in UUID form', () => {
    const validate = contract.validator('#/components/parameters/GuardrailId/schema');
    expect(validate('00000000-0000-4000-8000-000000000001')).toBe(true);
    expect(validate('guardrail-1')).toBe(false);
  });
});
