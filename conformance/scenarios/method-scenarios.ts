import { expectMethodNotAllowed } from '../checks/method-not-allowed';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import type { OperationInfo } from '../../kit/contract/operations';
import { baseRequest } from './base-requests';
import { outsideOperation } from '../engine/outside-operation';

/** The methods tried on every path (RFC 9110's, less HEAD and OPTIONS, which servers answer for CORS and GET). */
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'] as const;

/**
 * For every documented path, each method it does not document: 405 with `Allow` listing the
 * documented ones, in the error envelope (the checks judge the answer as a documented 405).
 */
export function methodScenarios(plan: PlanContext): SuiteScenario[] {
  const byPath = new Map<string, OperationInfo[]>();
  for (const op of plan.checks.operations.values()) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const scenarios: SuiteScenario[] = [];
  for (const [path, ops] of byPath) {
    const documented = ops.map((op) => op.method.toUpperCase());
    const first = ops[0] as OperationInfo;
    for (const method of METHODS.filter((m) => !documented.includes(m))) {
      scenarios.push({
        id: `methods/${first.operationId}/${method.toLowerCase()}`,
        title: `answers ${method} ${path} with 405 and Allow: ${documented.join(', ')}`,
        operationId: first.operationId,
        phase: 'main',
        run: async (ctx) => {
          const base = baseRequest(plan, first.operationId);
          const request = { ...base, method, body: method === 'GET' || method === 'DELETE' ? undefined : base.body };
          await ctx.send(request, [expectMethodNotAllowed(path, documented)], outsideOperation(first, method, ['405']));
        },
      });
    }
  }
  return scenarios;
}
