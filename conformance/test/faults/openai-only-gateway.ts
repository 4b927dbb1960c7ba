import type { Fault } from './fault-proxy';
import { isRecord } from '../../../kit/json/guards';

/**
 * What a gateway that knows OpenAI's Responses API alone forwards of a POST /responses body: its
 * own members (as such gateways list them, not read from this suite's spec), nothing else.
 */
const OPENAI_MEMBERS = new Set([
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
]);

/** The request headers such a gateway passes on: none of this API's own (`X-Service-Metadata`, `x-session-id`). */
const DROPPED_HEADERS = new Set(['x-service-metadata', 'x-service-experimental-metadata', 'x-session-id']);

/**
 * An OpenAI-compatible gateway in front of the mock, as teams meet them (a Portkey in front of
 * the API): POST /responses bodies reach the mock with OpenAI's members only, and this API's
 * headers are not passed on. Everything else goes through as it is.
 */
export const OPENAI_ONLY_GATEWAY: Fault = {
  request: (req) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !DROPPED_HEADERS.has(name)));
    const body =
      req.path.startsWith('/responses') && isRecord(req.body)
        ? Object.fromEntries(Object.entries(req.body).filter(([member]) => OPENAI_MEMBERS.has(member)))
        : req.body;
    return { ...req, headers, body };
  },
};
