import type { operations } from '../../../generated/openapi';

/**
 * The operations' ids and request bodies, as the generated types give them: on their own, so that
 * the journal and the scenarios (below the pipeline's context) can type by operation too.
 */

/** The operationIds of spec/openapi.yaml, as the generated types list them. */
export type OperationId = keyof operations;

/** An operation's JSON request body; undefined when it has none. */
export type RequestBody<Op extends OperationId> = operations[Op]['requestBody'] extends {
  content: { 'application/json': infer Body };
}
  ? Body
  : undefined;
