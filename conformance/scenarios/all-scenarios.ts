import { scenariosIfApplicable } from '../engine/not-in-document';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
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

/** The families of scenarios, each under the first segment of its ids. */
const FAMILIES: ReadonlyArray<readonly [string, (plan: PlanContext) => SuiteScenario[]]> = [
  ['auth', authScenarios],
  ['rules', responseRuleScenarios],
  ['rules', semanticRuleScenarios],
  ['rules', bodyScenarios],
  ['stream', streamScenarios],
  ['limits', limitScenarios],
  ['catalog', modelScenarios],
  ['catalog', pagingScenarios],
  ['catalog', queryTypeScenarios],
  ['guardrail', guardrailScenarios],
  ['guardrail', unassignScenarios],
  ['methods', methodScenarios],
  ['members', memberScenarios],
  ['malformed', malformedInputScenarios],
  ['property', propertyScenarios],
];

/**
 * Every scenario of the suite for one target, with unique ids. A family about an operation the
 * run's document lacks (a --spec document with fewer operations) is one not-applicable skip.
 */
export function buildScenarios(plan: PlanContext): SuiteScenario[] {
  const all = FAMILIES.flatMap(([family, build]) => scenariosIfApplicable(plan, family, build));
  const seen = new Map<string, number>();
  // Two families about the same missing operation stand as one not-applicable scenario.
  const once = all.filter((s, i) => !s.id.endsWith('/not-applicable') || all.findIndex((t) => t.id === s.id) === i);
  return once.map((scenario) => {
    const n = (seen.get(scenario.id) ?? 0) + 1;
    seen.set(scenario.id, n);
    return n === 1 ? scenario : { ...scenario, id: `${scenario.id}-${n}` };
  });
}
