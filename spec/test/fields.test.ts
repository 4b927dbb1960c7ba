/**
 * Every field of every table in contract §2 (and the stream event of §6, the envelope of §7.1)
 * is a property of the matching schema, so no consumer of the document misses one.
 */
import { loadContract } from '../contract';

const contract = loadContract();

// [contract table, schema pointer, field names as the contract writes them]
const TABLES: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  ['§2.1 response request', 'ResponseRequest', [
    'background', 'cache_control', 'debug', 'frequency_penalty', 'image_config', 'include', 'input', 'instructions',
    'max_output_tokens', 'max_tool_calls', 'metadata', 'modalities', 'model', 'models', 'parallel_tool_calls', 'plugins',
    'presence_penalty', 'previous_response_id', 'prompt', 'prompt_cache_key', 'prompt_cache_options', 'provider',
    'reasoning', 'route', 'safety_identifier', 'service_tier', 'session_id', 'stop_server_tools_when', 'store', 'stream',
    'temperature', 'text', 'tool_choice', 'tools', 'top_k', 'top_logprobs', 'top_p', 'trace', 'truncation', 'user',
  ]],
  ['§2.1 cache_control', 'CacheControl', ['type', 'ttl']],
  ['§2.1 debug', 'DebugOptions', ['echo_upstream_body']],
  ['§2.1 prompt', 'PromptReference', ['id', 'variables']],
  ['§2.1 prompt_cache_options', 'PromptCacheOptions', ['mode', 'ttl']],
  ['§2.2 easy input message', 'EasyInputMessage', ['role', 'content']],
  ['§2.2 output message item', 'OutputMessageInputItem', ['type', 'id', 'role', 'status', 'content']],
  ['§2.2 output reasoning item', 'OutputReasoningItem', ['summary', 'content', 'format', 'id', 'signature', 'status', 'type']],
  ['§2.3 auto-router', 'AutoRouterPlugin', ['id', 'enabled', 'allowed_models', 'cost_quality_tradeoff']],
  ['§2.3 auto-beta-router', 'AutoBetaRouterPlugin', ['id', 'enabled', 'allowed_models', 'cost_quality_tradeoff']],
  ['§2.3 context-compression', 'ContextCompressionPlugin', ['id', 'enabled', 'engine']],
  ['§2.3 file-parser', 'FileParserPlugin', ['id', 'enabled', 'pdf']],
  ['§2.3 fusion', 'FusionPlugin', ['id', 'enabled', 'analysis_models', 'model', 'max_tool_calls', 'preset', 'tools']],
  ['§2.3 fusion tool', 'FusionTool', ['type', 'parameters']],
  ['§2.3 moderation', 'ModerationPlugin', ['id', 'enabled']],
  ['§2.3 pareto-router', 'ParetoRouterPlugin', ['id', 'enabled', 'min_coding_score', 'price_source']],
  ['§2.3 response-healing', 'ResponseHealingPlugin', ['id', 'enabled']],
  ['§2.3 web', 'WebPlugin', [
    'id', 'enabled', 'engine', 'exclude_domains', 'include_domains', 'max_results', 'max_uses', 'search_prompt', 'user_location',
  ]],
  ['§2.3 web user_location', 'WebUserLocation', ['type', 'city', 'country', 'region', 'timezone']],
  ['§2.3 web-fetch', 'WebFetchPlugin', ['id', 'enabled', 'allowed_domains', 'blocked_domains', 'max_content_tokens', 'max_uses']],
  ['§2.4 provider preferences', 'ProviderPreferences', [
    'allow_fallbacks', 'data_collection', 'enforce_distillable_text', 'ignore', 'max_price', 'only', 'order',
    'preferred_max_latency', 'preferred_min_throughput', 'quantizations',
  ]],
  ['§2.4 max_price', 'ProviderMaxPrice', ['audio', 'completion', 'image', 'prompt', 'request']],
  ['§2.5 function tool', 'FunctionTool', ['type', 'name', 'description', 'parameters']],
  ['§2.6 response result', 'ResponseResult', [
    'id', 'object', 'created_at', 'completed_at', 'status', 'error', 'error_type', 'incomplete_details', 'instructions',
    'max_output_tokens', 'metadata', 'model', 'output', 'parallel_tool_calls', 'frequency_penalty', 'presence_penalty',
    'temperature', 'top_p', 'tool_choice', 'tools', 'service_tier', 'text', 'usage', 'service_metadata',
  ]],
  ['§2.6 usage', 'ResponseUsage', ['input_tokens', 'input_tokens_details', 'output_tokens', 'output_tokens_details', 'total_tokens']],
  ['§2.6 message output item', 'OutputMessage', ['type', 'id', 'role', 'status', 'content']],
  ['§2.6 output-text part', 'OutputTextPart', ['type', 'text', 'annotations']],
  ['§2.8 model', 'Model', [
    'id', 'canonical_slug', 'name', 'description', 'created', 'context_length', 'architecture', 'pricing', 'top_provider',
    'supported_parameters', 'links', 'reasoning', 'default_parameters', 'per_request_limits', 'supported_voices',
    'knowledge_cutoff', 'expiration_date',
  ]],
  ['§2.8 architecture', 'ModelArchitecture', ['input_modalities', 'output_modalities', 'modality', 'instruct_type', 'tokenizer']],
  ['§2.8 pricing', 'ModelPricing', ['prompt', 'completion', 'image', 'request']],
  ['§2.8 top_provider', 'ModelTopProvider', ['context_length', 'is_moderated', 'max_completion_tokens']],
  ['§2.8 links', 'ModelLinks', ['details']],
  ['§2.8 reasoning', 'ModelReasoning', ['default_effort', 'default_enabled', 'mandatory', 'supported_efforts']],
  ['§2.9 unassignment result', 'UnassignKeysResult', ['unassigned_count']],
  ['§6 output_text.delta', 'ResponseOutputTextDeltaEvent', [
    'type', 'content_index', 'delta', 'item_id', 'logprobs', 'output_index', 'sequence_number',
  ]],
  ['§7.1 envelope', 'ErrorEnvelope', ['error', 'service_metadata', 'user_id']],
  ['§7.1 error', 'ErrorObject', ['code', 'message', 'metadata']],
  ['§7.3 service metadata', 'ServiceMetadata', [
    'attempt', 'endpoints', 'is_byok', 'region', 'requested', 'strategy', 'summary', 'pipeline',
  ]],
  ['§7.3 pipeline stage', 'PipelineStage', ['type', 'name', 'summary', 'guardrail_id', 'guardrail_scope', 'data']],
  ['§7.3 pipeline stage data', 'PipelineStageData', ['action', 'detected', 'engines', 'patterns']],
];

// Fields the contract leaves "not shown" in shape or values (§2.10, §4.3, §6, §7.4): marked in the document.
const NOT_SHOWN: ReadonlyArray<readonly [string]> = [
  ['ProviderPreferences/properties/preferred_max_latency'],
  ['ProviderPreferences/properties/preferred_min_throughput'],
  ['ProviderPreferences/properties/quantizations/items'],
  ['ReasoningConfig'], ['TextConfig'], ['ToolChoice'], ['TraceConfig'], ['StopServerToolsWhen'],
  ['ResponseRequest/properties/truncation'], ['ResponseRequest/properties/route'],
  ['GenericInputItem'], ['GenericOutputItem'], ['GenericTool'],
  ['ResponseResult/properties/status'], ['ResponseResult/properties/error_type'], ['CacheControl/properties/ttl'],
  ['Model/properties/default_parameters'], ['Model/properties/per_request_limits'], ['Model/properties/supported_voices'],
  ['Model/properties/knowledge_cutoff'], ['Model/properties/expiration_date'],
  ['PaginationLinks'], ['EmbeddingsModelList/properties/total_count'],
  ['UnknownStreamEvent'], ['ErrorObject/properties/metadata'],
];

describe('contract §2 fields', () => {
  it.each(TABLES)('%s: %s has every field', (_table, schema, fields) => {
    const properties = contract.at<Record<string, unknown>>(`#/components/schemas/${schema}/properties`);
    expect(fields.filter((field) => !(field in properties))).toEqual([]);
  });

  it.each(NOT_SHOWN)('%s is marked x-not-shown with a description', (pointer) => {
    const schema = contract.at<Record<string, unknown>>(`#/components/schemas/${pointer}`);
    expect(schema['x-not-shown']).toBe(true);
    expect(typeof schema.description).toBe('string');
  });
});
