/**
 * The core of the API: the members of a POST /responses body that OpenAI's Responses API itself
 * defines. Every other member of ResponseRequest belongs to an extension and carries its feature
 * (`x-feature` in spec/openapi.yaml); spec/test/features.test.ts holds the document to that.
 * Members listed here that the document lacks (`stream_options`, `conversation`) are core all the same.
 */
export const CORE_REQUEST_MEMBERS: readonly string[] = [
  'model',
  'input',
  'instructions',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'text',
  'reasoning',
  'max_output_tokens',
  'max_tool_calls',
  'temperature',
  'top_p',
  'top_logprobs',
  'stream',
  'stream_options',
  'metadata',
  'user',
  'store',
  'previous_response_id',
  'truncation',
  'include',
  'service_tier',
  'prompt',
  'prompt_cache_key',
  'safety_identifier',
  'background',
  'conversation',
];

/**
 * The operations OpenAI's API itself defines: POST /responses. The rest (GET /model/…, GET
 * /embeddings/models, the guardrails' management) are this API's own, so `--profile openai`
 * judges none of them, whatever feature their answers are about.
 */
export const OPENAI_OPERATIONS: readonly string[] = ['createResponse'];

/** The feature of everything no `x-feature` marks: OpenAI's own Responses API, its errors, statuses and events. */
export const CORE_FEATURE = 'core';
