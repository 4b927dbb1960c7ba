import type { Handler, OperationId } from '../core/handler-types';
import { asPipelineHandler } from '../core/handler-types';
import { createResponse } from './create-response/create-response';
import { getModel } from './get-model/get-model';
import { listEmbeddingsModels } from './list-embeddings-models/list-embeddings-models';
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

/**
 * Handlers to put in place of the registry's (`createMockServer({ handlers })`): typed by their
 * operation, or untyped, for tests and broken variants that answer what the spec does not allow.
 */
export type HandlerOverrides = { readonly [Op in OperationId]?: Handler<Op> | Handler };

/** The same handlers as the pipeline calls them (see `asPipelineHandler`). */
export const HANDLERS: Readonly<Record<OperationId, Handler>> = {
  createResponse: asPipelineHandler(TYPED_HANDLERS.createResponse),
  unassignGuardrailKeys: asPipelineHandler(TYPED_HANDLERS.unassignGuardrailKeys),
  listEmbeddingsModels: asPipelineHandler(TYPED_HANDLERS.listEmbeddingsModels),
  getModel: asPipelineHandler(TYPED_HANDLERS.getModel),
};
