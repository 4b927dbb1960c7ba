import type { PlanContext, Scenario } from '../engine/scenario';
import { authScenarios } from './auth-scenarios';
import { bodyScenarios } from './body-scenarios';
import { modelScenarios, pagingScenarios, queryTypeScenarios } from './catalog-scenarios';
import { guardrailScenarios } from './guardrail-scenarios';
import { limitScenarios } from './limit-scenarios';
import { malformedInputScenarios } from './malformed-input-scenarios';
import { memberScenarios } from './member-scenarios';
import { methodScenarios } from './method-scenarios';
import { propertyScenarios } from './property-scenarios';
import { responseRuleScenarios } from './response-rule-scenarios';
import { semanticRuleScenarios } from './semantic-rule-scenarios';
import { streamScenarios } from './stream-scenarios';
import { unassignScenarios } from './unassign-scenarios';

/** Every scenario of the suite for one target, with unique ids. */
export function buildScenarios(plan: PlanContext): Scenario[] {
  const all = [
    ...authScenarios(plan),
    ...responseRuleScenarios(plan),
    ...semanticRuleScenarios(plan),
    ...bodyScenarios(plan),
    ...streamScenarios(plan),
    ...limitScenarios(plan),
    ...modelScenarios(plan),
    ...pagingScenarios(plan),
    ...queryTypeScenarios(plan),
    ...guardrailScenarios(plan),
    ...unassignScenarios(plan),
    ...methodScenarios(plan),
    ...memberScenarios(plan),
    ...malformedInputScenarios(plan),
    ...propertyScenarios(plan),
  ];
  const seen = new Map<string, number>();
  return all.map((scenario) => {
    const n = (seen.get(scenario.id) ?? 0) + 1;
    seen.set(scenario.id, n);
    return n === 1 ? scenario : { ...scenario, id: `${scenario.id}-${n}` };
  });
}
