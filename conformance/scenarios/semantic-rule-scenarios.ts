import { expectSemanticRuleRejected } from '../checks/semantic-rule-rejected';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import { baseRequest, PLAIN_INPUT, plainResponseBody } from './base-requests';
import { semanticRules } from '../../kit/contract/semantic-rules';

/** A model id no catalog holds. */
const NO_SUCH_MODEL = 'conformance-unknown/model-that-does-not-exist';
const WEATHER_TOOL = { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: {} } };

/**
 * A schema-valid request that breaks each semantic rule of createResponse, by the rule's id
 * (the name of its example in BadRequest); undefined when the target lacks what the request needs.
 */
export const SEMANTIC_RULE_REQUESTS: Readonly<
  Record<string, (plan: PlanContext) => Record<string, unknown> | undefined>
> = {
  unknownModel: (plan) => ({ ...plainResponseBody(plan), model: NO_SUCH_MODEL }),
  embeddingsModel: (plan) =>
    plan.config.embeddingsModel === undefined
      ? undefined
      : { ...plainResponseBody(plan), model: plan.config.embeddingsModel },
  allowedModelsUnmatched: () => ({
    input: PLAIN_INPUT,
    plugins: [{ id: 'auto-router', allowed_models: ['conformance-nobody/*'] }],
  }),
  fusionModelUnknown: (plan) => ({
    ...plainResponseBody(plan),
    plugins: [{ id: 'fusion', analysis_models: [NO_SUCH_MODEL], model: plan.config.model }],
  }),
  toolChoiceNotInTools: (plan) => ({
    ...plainResponseBody(plan),
    tools: [WEATHER_TOOL],
    tool_choice: { type: 'function', name: 'get_time' },
  }),
};

/**
 * Each 400 the document promises for a schema-valid request (BadRequest examples marked
 * `x-semantic-rule`): the request that breaks the rule gets 400 in the envelope. A rule the
 * suite has no request for is a skipped scenario that says so, never a silent gap.
 */
export function semanticRuleScenarios(plan: PlanContext): SuiteScenario[] {
  return semanticRules(plan.contract).map((rule): SuiteScenario => {
    const build = Object.hasOwn(SEMANTIC_RULE_REQUESTS, rule.id) ? SEMANTIC_RULE_REQUESTS[rule.id] : undefined;
    const body = build?.(plan);
    const skipReason =
      build === undefined
        ? `the suite has no request that breaks the semantic rule ${rule.id} (${rule.summary})`
        : body === undefined
          ? `the target does not provide what a request breaking ${rule.id} needs (embeddingsModel)`
          : undefined;
    return {
      id: `rules/${rule.operationId}/semantic-${rule.id}`,
      title: `rejects with 400 ${rule.summary.replace(/^POST \/responses /, 'a request ')}`,
      operationId: rule.operationId,
      phase: 'main',
      skipReason,
      run: async (ctx) =>
        void (await ctx.send(baseRequest(plan, rule.operationId, { body }), [expectSemanticRuleRejected(rule)])),
    };
  });
}
