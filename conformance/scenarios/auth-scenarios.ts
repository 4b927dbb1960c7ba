import { expectAuthRequired } from '../checks/auth-required';
import { expectManagementKeyRequired } from '../checks/management-key-required';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import { baseRequest } from './base-requests';

/**
 * Contract bearerAuth: every operation answers 401 without credentials and with a key it never issued;
 * an operation secured by the management key answers 403 to an ordinary key (unassignGuardrailKeys). Each request
 * is otherwise valid, so only the credential can explain the status.
 */
export function authScenarios(plan: PlanContext): SuiteScenario[] {
  const scenarios: SuiteScenario[] = [];
  for (const op of plan.checks.operations.values()) {
    for (const how of ['missing', 'invalid'] as const) {
      scenarios.push({
        id: `auth/${how}-key/${op.operationId}`,
        title: `returns 401 with ${how === 'missing' ? 'no Authorization header' : 'an invalid key'}`,
        operationId: op.operationId,
        phase: 'main',
        async run(ctx) {
          const request = baseRequest(plan, op.operationId, { credential: how === 'missing' ? 'none' : 'invalid' });
          await ctx.send(request, [expectAuthRequired(how)]);
        },
      });
    }
    if (plan.checks.managementOnly.has(op.operationId)) {
      scenarios.push({
        id: `auth/ordinary-key/${op.operationId}`,
        title: 'returns 403 to an ordinary API key (management key required)',
        operationId: op.operationId,
        phase: 'main',
        async run(ctx) {
          await ctx.send(baseRequest(plan, op.operationId, { credential: 'apiKey' }), [expectManagementKeyRequired()]);
        },
      });
    }
  }
  return scenarios;
}
