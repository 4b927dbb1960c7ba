import { expectValidMemberAccepted } from '../checks/valid-member-accepted';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import { requestSampleOptions } from '../schema/sample-hints';
import { baseRequest } from './base-requests';
import { sampleValue } from '../../kit/sample/sample-value';
import { isRecord } from '../../kit/json/guards';
import type { JsonObject } from '../../kit/json/guards';
import { encodeSegment } from '../../kit/json/json-pointer';

/**
 * For every operation with a JSON body, each optional member of the body alone, added to the
 * operation's plain valid request, with the smallest value its schema allows (kit/sample, the
 * target's model where a member names models): not refused with 400. A request the sample makes
 * invalid (a value the member's schema allows but the whole body's does not) is left out, since
 * the sample then proves nothing.
 */
export function memberScenarios(plan: PlanContext): SuiteScenario[] {
  const scenarios: SuiteScenario[] = [];
  const options = requestSampleOptions(plan.contract, { model: plan.config.model });
  for (const op of plan.checks.operations.values()) {
    const pointer = op.requestBody?.content.get('application/json');
    if (pointer === undefined) continue;
    const base = baseRequest(plan, op.operationId);
    const schema = plan.contract.resolve<JsonObject>(plan.contract.at(pointer));
    const target = plan.contract.at<{ $ref?: unknown }>(pointer);
    const schemaAt = typeof target.$ref === 'string' ? target.$ref : pointer;
    const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const validate = plan.contract.validator(pointer);
    for (const [member, memberSchema] of Object.entries(properties)) {
      if (required.includes(member) || !isRecord(base.body)) continue;
      const value = sampleValue(memberSchema, options, member);
      if (value === undefined) continue;
      const body = { ...base.body, [member]: value };
      if (!validate(body)) continue;
      scenarios.push({
        id: `members/${op.operationId}/${member}`,
        title: `accepts ${member} alone with a valid value`,
        operationId: op.operationId,
        phase: 'main',
        skipReason:
          base.credential === 'apiKey' && plan.checks.managementOnly.has(op.operationId)
            ? 'the target does not provide managementKey'
            : undefined,
        run: async (ctx) =>
          void (await ctx.send({ ...base, body, stream: body.stream === true }, [
            expectValidMemberAccepted(member, value, `${schemaAt}/properties/${encodeSegment(member)}`),
          ])),
      });
    }
  }
  return scenarios;
}
