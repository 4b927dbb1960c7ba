import type { OperationInfo } from '../../kit/contract/operations';
import type { GatewayClient } from '../http/gateway-client';
import type { Exchange } from '../engine/types';
import type { OutsideOperation } from '../engine/outside-operation';

/**
 * OpenAI's chat completions, which this API does not define: asked only to say what a target that
 * is not this API is instead, made up as the reset call is (engine/reset-target.ts).
 */
const CHAT_COMPLETIONS: OutsideOperation = {
  operationId: 'chatCompletions',
  method: 'POST',
  path: '/chat/completions',
  pattern: /^\/chat\/completions$/,
  pathParamNames: [],
  parameters: [],
  responses: new Map(),
  securitySchemes: [],
  outside: true,
};

/**
 * Whether the target answers OpenAI's chat completions (POST /chat/completions) although it did
 * not answer POST /responses as this API: a gateway of chat completions alone, which many are.
 * The request carries the API key and a JSON array where an object is due, so it is refused as
 * invalid and nothing is generated. Chat completions answer it with OpenAI's JSON error (or a
 * completion); a server without them, 404 or 405, or something else than JSON.
 */
export async function answersChatCompletions(client: GatewayClient): Promise<Exchange | undefined> {
  const exchange = await client.send('preflight', CHAT_COMPLETIONS as OperationInfo, {
    method: 'POST',
    path: CHAT_COMPLETIONS.path,
    credential: 'apiKey',
    rawBody: '[]',
  });
  const response = exchange.response;
  // What chat completions answer a refused body (or a key they do not take): no redirect, 404, 429 or 5xx.
  if (response === undefined || ![200, 400, 401, 403, 422].includes(response.status)) return undefined;
  const json = response.json as { error?: unknown; choices?: unknown; object?: unknown } | undefined;
  const chatLike =
    (typeof json?.error === 'object' && json.error !== null) ||
    Array.isArray(json?.choices) ||
    json?.object === 'chat.completion';
  return chatLike ? exchange : undefined;
}

/** The hint for such a target: what answered where, and that this suite checks the Responses API. */
export function chatCompletionsHint(exchange: Exchange, responsesUrl: string): string {
  const status = exchange.response?.status ?? 'no answer';
  return `It answers OpenAI's chat completions (POST ${exchange.url} got ${status} in OpenAI's shape) but not POST ${responsesUrl}: it is a chat-completions gateway, and this suite checks the Responses API (POST /responses) and the rest of the Model Gateway API.`;
}
