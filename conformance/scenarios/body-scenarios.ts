import { expectStatus } from '../checks/status-matches-rule';
import { missing } from '../engine/scenario';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import type { RequestSpec } from '../engine/types';
import { baseRequest } from './base-requests';
import { isRecord } from '../../kit/json/guards';

/**
 * Malformed input is a 400 (createResponse responses "invalid request parameters or malformed input") for
 * every operation that takes a body: JSON that does not parse, a body that is not the documented
 * object, and a missing body where the document marks it required.
 */
export function bodyScenarios(plan: PlanContext): SuiteScenario[] {
  const scenarios: SuiteScenario[] = [];
  for (const op of plan.checks.operations.values()) {
    if (!op.requestBody) continue;
    const skipReason = plan.checks.managementOnly.has(op.operationId)
      ? missing([
          ['managementKey', plan.config.managementKey],
          ['guardrail.id', plan.config.guardrail.id],
        ])
      : undefined;
    const pointer = op.requestBody.content.get('application/json');
    const schema =
      pointer === undefined ? {} : plan.contract.resolve<Record<string, unknown>>(plan.contract.at(pointer));
    const cases: Array<[string, string, Partial<RequestSpec>]> = [
      [
        'malformed-json',
        'rejects a body that is not valid JSON with 400',
        { body: undefined, rawBody: '{"model": "unterminated' },
      ],
    ];
    if (isRecord(schema) && schema.type === 'object')
      cases.push(['array-body', 'rejects a JSON array where an object is documented with 400', { body: [] }]);
    if (op.requestBody.required)
      cases.push(['missing-body', 'rejects a request without its required body with 400', { body: undefined }]);
    const base = baseRequest(plan, op.operationId).body;
    const alternatives = alternativeMembers(plan, schema);
    if (isRecord(base) && alternatives.length > 0) {
      const none = Object.fromEntries(Object.entries(base).filter(([key]) => !alternatives.includes(key)));
      cases.push([
        'none-of-the-alternatives',
        `rejects a body with none of the members its anyOf asks one of (${alternatives.join(', ')}) with 400`,
        { body: none },
      ]);
    }
    for (const [id, title, request] of cases) {
      scenarios.push({
        id: `rules/${op.operationId}/${id}`,
        title,
        operationId: op.operationId,
        phase: 'main',
        skipReason,
        run: async (ctx) =>
          void (await ctx.send(baseRequest(plan, op.operationId, request), [
            expectStatus({
              rule: '#/components/responses/BadRequest',
              statuses: [400],
              because: 'malformed input is answered with 400',
            }),
          ])),
      });
    }
  }
  return scenarios;
}

/**
 * The members an `anyOf` of the body schema (at its top or under `allOf`) asks one of, each
 * alternative by `required` (ResponseRequest: `model`, `models` or `plugins`); none when it has no
 * such anyOf.
 */
function alternativeMembers(plan: PlanContext, schema: Record<string, unknown>): string[] {
  const holders = [schema, ...(Array.isArray(schema.allOf) ? (schema.allOf as unknown[]) : [])];
  for (const holder of holders) {
    const resolved = plan.contract.resolve<unknown>(holder);
    const branches = isRecord(resolved) && Array.isArray(resolved.anyOf) ? (resolved.anyOf as unknown[]) : [];
    const required = branches.map((b) => (isRecord(b) && Array.isArray(b.required) ? (b.required as string[]) : []));
    if (branches.length > 0 && required.every((names) => names.length > 0)) return [...new Set(required.flat())];
  }
  return [];
}
