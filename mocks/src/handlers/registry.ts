import type { Handler } from '../pipeline/context';
import { createResponse } from './create-response';
import { getModel } from './get-model';
import { listEmbeddingsModels } from './list-embeddings-models';
import { unassignGuardrailKeys } from './unassign-guardrail-keys';

/** One handler per operationId of spec/openapi.yaml; the server refuses to start if one is missing. */
export const HANDLERS: Readonly<Record<string, Handler>> = {
  createResponse,
  unassignGuardrailKeys,
  listEmbeddingsModels,
  getModel,
};
