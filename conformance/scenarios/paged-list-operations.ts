import type { PlanContext } from '../engine/scenario';

/** The paging parameters of spec/openapi.yaml (components/parameters Offset and Limit). */
const PAGING = ['offset', 'limit'];

/**
 * The document's list operations: the GETs that take both paging parameters in their query, in
 * the document's order. The suite's paging scenarios run on each, so a new paged list is covered
 * by describing it in the spec.
 */
export function pagedListOperations(plan: PlanContext): string[] {
  return [...plan.checks.operations.values()]
    .filter(
      (op) =>
        op.method === 'GET' && PAGING.every((name) => op.parameters.some((p) => p.in === 'query' && p.name === name)),
    )
    .map((op) => op.operationId);
}
