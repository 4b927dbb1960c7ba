import type { PlanContext, ScenarioContext } from '../engine/scenario';
import { baseRequest } from './base-requests';

/**
 * The precondition of unassigning the target's `guardrail.keyHashes`: the guardrail still applies
 * to the guarded key, shown by its blocked input still getting 403 (a read: nothing changes). It
 * fails after a run that unassigned the keys and did not reset the target; the scenario is then
 * skipped, saying how to restore the state, rather than counting 0 and blaming the gateway.
 * Without a guarded key and blocked input there is nothing to check by: the scenario runs.
 */
export async function guardrailStillBlocks(plan: PlanContext, ctx: ScenarioContext): Promise<string | undefined> {
  const { guardedApiKey, blockedInput, id } = plan.config.guardrail;
  if (guardedApiKey === undefined || blockedInput === undefined) return undefined;
  const request = baseRequest(plan, 'createResponse', {
    credential: 'guardedApiKey',
    body: { model: plan.config.model, input: blockedInput },
  });
  const status = (await ctx.probe(request, 'createResponse')).response?.status;
  if (status === 403) return undefined;
  return `the guarded key is no longer blocked (its blocked input got ${status ?? 'no answer'}, not 403), so guardrail ${id ?? ''} has no assigned keys to unassign: an earlier run probably unassigned them. Reset the target (--reset-url, CONFORMANCE_RESET_URL or "resetUrl"; the mock's is /__mock/reset) or assign guardrail.keyHashes again, then run again`;
}
