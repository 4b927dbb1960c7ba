import type { Handler, HandlerOverrides, HandlerTable, OperationId } from '../core/handler-types';
import { asPipelineHandler } from '../core/handler-types';
import { createResponse } from './create-response/create-response';
import { getModel } from './get-model/get-model';
import { listEmbeddingsModels } from './list-embeddings-models/list-embeddings-models';
import { readInputText } from './create-response/answer/input-text';
import type { ResponseRequest } from './create-response/answer/response-types';
import { unassignGuardrailKeys } from './unassign-guardrail-keys/unassign-guardrail-keys';

/** One handler per operationId of spec/openapi.yaml, each typed by its own operation. */
export type HandlerRegistry = { readonly [Op in OperationId]: Handler<Op> };

/** Leaving an operation out, or giving it another operation's handler, does not compile. */
const TYPED_HANDLERS: HandlerRegistry = {
  createResponse,
  unassignGuardrailKeys,
  listEmbeddingsModels,
  getModel,
};

/** The same handlers as the pipeline calls them (see `asPipelineHandler`). */
export const HANDLERS = Object.freeze(handlerTable()) as Readonly<Record<OperationId, Handler>>;

/** The table the core is handed: the registry's handlers, with `overrides` in place of some. */
export function handlerTable(overrides: HandlerOverrides = {}): HandlerTable {
  const table: Record<string, Handler> = {};
  for (const [operationId, handler] of Object.entries(TYPED_HANDLERS)) table[operationId] = asPipelineHandler(handler);
  for (const [operationId, handler] of Object.entries(overrides))
    if (handler) table[operationId] = asPipelineHandler(handler);
  return table;
}

/** The request's instructions and messages, as guardrails read them (a scenario's `match.input`); nothing when unreadable. */
export function scenarioInputText(body: Readonly<Record<string, unknown>>): string {
  try {
    return readInputText(body as ResponseRequest).allText;
  } catch {
    return '';
  }
}
