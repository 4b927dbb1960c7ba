import { expectEnumValueRejected } from '../checks/enum-value-rejected';
import { expectLimitAccepted } from '../checks/limit-accepted-at-boundary';
import { expectLimitRejected } from '../checks/limit-rejected-past-boundary';
import { expectUnknownKindRejected } from '../checks/unknown-kind-rejected';
import { expectUnknownPropertyRejected } from '../checks/unknown-property-rejected';
import { missing } from '../engine/scenario';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import type { Expectation, RequestSpec } from '../engine/types';
import { deriveBoundaries } from '../schema/derive-boundaries';
import type { BoundaryCase } from '../schema/derive-boundaries';
import { baseRequest } from './base-requests';
import { isRecord } from '../../kit/json/guards';

/**
 * Every limit of the request schemas at and just past its boundary (maxLength, maximum, maxItems… of ResponseRequest and the parameters), plus closed
 * objects (ProviderPreferences), unknown discriminator values (Plugin) and values outside string enums, all derived by walking the document's
 * own keywords: request bodies, query parameters and header parameters. Each case is first checked
 * against the document with ajv, so the suite never sends a "valid" case the spec would reject.
 */
export function limitScenarios(plan: PlanContext): SuiteScenario[] {
  const scenarios: SuiteScenario[] = [];
  const hints = { model: plan.config.model };
  for (const op of plan.checks.operations.values()) {
    const base = baseRequest(plan, op.operationId);
    const skipReason = plan.checks.managementOnly.has(op.operationId)
      ? missing([
          ['managementKey', plan.config.managementKey],
          ['guardrail.id', plan.config.guardrail.id],
        ])
      : undefined;
    const cases: Array<{ c: BoundaryCase; request: RequestSpec; schema: string; asNumber: boolean }> = [];
    const bodyPointer = op.requestBody?.content.get('application/json');
    if (bodyPointer !== undefined) {
      const wrap = (v: unknown) => (isRecord(base.body) && isRecord(v) ? { ...base.body, ...v } : v);
      for (const c of deriveBoundaries(plan.contract, bodyPointer, hints, wrap)) {
        cases.push({ c, request: { ...base, body: c.value }, schema: bodyPointer, asNumber: false });
      }
    }
    for (const param of op.parameters.filter((p) => p.in === 'query' || p.in === 'header')) {
      const numeric = ['integer', 'number'].includes(String(param.schema.type));
      for (const c of deriveBoundaries(plan.contract, param.schemaPointer, hints, (v) => v, param.name)) {
        const value = String(c.value);
        const request =
          param.in === 'query'
            ? { ...base, query: { ...base.query, [param.name]: value } }
            : { ...base, headers: { ...base.headers, [param.name]: value } };
        cases.push({ c, request, schema: param.schemaPointer, asNumber: numeric });
      }
    }
    for (const { c, request, schema, asNumber } of cases) {
      if (!agreesWithSchema(plan, schema, c, asNumber)) continue;
      scenarios.push({
        id: `limits/${op.operationId}/${slug(c.description)}`,
        title: `${c.valid ? 'accepts' : 'rejects'} ${c.description}`,
        operationId: op.operationId,
        phase: 'main',
        skipReason,
        async run(ctx) {
          await ctx.send(request, [expectationFor(c)]);
        },
      });
    }
  }
  return scenarios;
}

function expectationFor(c: BoundaryCase): Expectation {
  if (c.kind === 'closed-object') return expectUnknownPropertyRejected(c.description);
  if (c.kind === 'unknown-kind') return expectUnknownKindRejected(c.description);
  if (c.kind === 'enum') return expectEnumValueRejected(c.description);
  return c.valid ? expectLimitAccepted(c.description) : expectLimitRejected(c.description);
}

/** A derived case is used only if the document's own validator agrees it is (in)valid. */
function agreesWithSchema(plan: PlanContext, pointer: string, c: BoundaryCase, asNumber: boolean): boolean {
  const value = asNumber ? Number(c.value) : c.value;
  return plan.contract.validator(pointer)(value) === c.valid;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}
