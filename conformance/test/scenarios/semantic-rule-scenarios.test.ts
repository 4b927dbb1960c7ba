import { loadContract } from '../../../kit/contract/contract';
import { semanticRules } from '../../../kit/contract/semantic-rules';
import { planContext } from '../../run/run-suite';
import { SEMANTIC_RULE_REQUESTS, semanticRuleScenarios } from '../../scenarios/semantic-rule-scenarios';
import { mockTargetConfig } from '../support/suite-harness';

const contract = loadContract();
const plan = planContext(contract, mockTargetConfig());
const bodyPointer = plan.operation('createResponse').requestBody?.content.get('application/json') ?? '';

describe('semantic rule scenarios', () => {
  it('has a request for every semantic rule the spec writes down, and for no other', () => {
    expect(Object.keys(SEMANTIC_RULE_REQUESTS).sort()).toEqual(
      semanticRules(contract)
        .map((r) => r.id)
        .sort(),
    );
  });

  it.each(Object.entries(SEMANTIC_RULE_REQUESTS))('breaks %s with a body the request schema accepts', (_id, build) => {
    const body = build(plan);
    expect(body).toBeDefined();
    const validate = contract.validator(bodyPointer);
    expect(validate(body)).toBe(true);
  });

  it('plans one runnable scenario per rule against the mock', () => {
    const scenarios = semanticRuleScenarios(plan);
    expect(scenarios.map((s) => s.id).sort()).toEqual(
      semanticRules(contract)
        .map((r) => `rules/${r.operationId}/semantic-${r.id}`)
        .sort(),
    );
    expect(scenarios.filter((s) => s.skipReason !== undefined)).toEqual([]);
  });
});
