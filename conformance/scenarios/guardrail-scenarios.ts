import { expectGuardrailBlock } from '../checks/guardrail-block-reported';
import { expectStatus } from '../checks/status-matches-rule';
import { missing } from '../engine/scenario';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import type { Expectation, RequestSpec } from '../engine/types';
import { PLAIN_INPUT, baseRequest } from './base-requests';

const OP = 'createResponse';
/** The 403 body of a guardrail block, as the document names it (GuardrailBlockError). */
export const GUARDRAIL_BLOCK_SCHEMA = '#/components/schemas/GuardrailBlockError';

/**
 * The guardrail block (createResponse, GuardrailBlockError) with the target's guarded key and blocked input:
 * 403 with the matched patterns; with each routing-metadata header (current and legacy, derived
 * from the operation's header parameters) the full `service_metadata` with a guardrail stage;
 * the same in stream mode; and plain input from the guarded key still goes through.
 */
export function guardrailScenarios(plan: PlanContext): SuiteScenario[] {
  const { guardrail, model } = plan.config;
  const skipReason = missing([
    ['guardrail.guardedApiKey', guardrail.guardedApiKey],
    ['guardrail.blockedInput', guardrail.blockedInput],
  ]);
  const blocked = { model, input: guardrail.blockedInput ?? '' };
  const scenario = (
    id: string,
    title: string,
    request: Partial<RequestSpec>,
    expectation: Expectation,
  ): SuiteScenario => ({
    id: `guardrail/${OP}/${id}`,
    title,
    operationId: OP,
    phase: 'main',
    skipReason,
    run: async (ctx) =>
      void (await ctx.send(baseRequest(plan, OP, { credential: 'guardedApiKey', ...request }), [expectation])),
  });
  // A guardrail whose keys an earlier run unassigned blocks nothing: say so, with the fix, where the input goes through.
  const notBlockedHint =
    guardrail.keyHashes.length > 0
      ? '; if an earlier run unassigned guardrail.keyHashes without a reset, the guardrail no longer applies to this key: reset the target (--reset-url, CONFORMANCE_RESET_URL or "resetUrl") and run again'
      : undefined;
  const block = (metadataHeader?: string) =>
    expectGuardrailBlock({ schema: GUARDRAIL_BLOCK_SCHEMA, metadataHeader, guardrailId: guardrail.id, notBlockedHint });
  const scenarios = [
    scenario('blocked', 'returns 403 with the matched patterns for blocked input', { body: blocked }, block()),
    scenario(
      'blocked-stream',
      'returns 403 for blocked input in stream mode too',
      { body: { ...blocked, stream: true }, stream: true },
      block(),
    ),
    scenario(
      'plain-input',
      'lets plain input from the guarded key through',
      { body: { model, input: PLAIN_INPUT } },
      expectStatus({
        check: 'guardrail-block-reported',
        family: 'guardrail',
        rule: '#/components/schemas/GuardrailBlockError',
        statuses: [200],
        because: 'input without a blocked pattern must not be blocked',
      }),
    ),
  ];
  const headers = plan
    .operation(OP)
    .parameters.filter((p) => p.in === 'header' && Array.isArray(p.schema.enum) && p.schema.enum.includes('enabled'));
  for (const header of headers) {
    scenarios.push(
      scenario(
        `blocked-metadata-${header.name.toLowerCase()}`,
        `includes service_metadata in the block with ${header.name}: enabled`,
        { body: blocked, headers: { [header.name]: 'enabled' } },
        block(header.name),
      ),
    );
  }
  return scenarios;
}
