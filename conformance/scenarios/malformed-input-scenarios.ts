import { expectMalformedInputRejected } from '../checks/malformed-input-rejected';
import { missing } from '../engine/scenario';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import type { RequestSpec } from '../engine/types';
import type { OperationInfo } from '../../kit/contract/operations';
import { baseRequest, fillPath } from './base-requests';
import { outsideOperation } from '../engine/outside-operation';

/** Long enough to overflow a naive buffer, short enough to pass the usual 8 KB header and URL limits. */
const LONG = 4096;
/** Characters RFC 9110 allows in no field value; in a path they arrive percent-encoded. */
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

const VALUES: ReadonlyArray<readonly [id: string, what: string, value: string]> = [
  ['control', 'a control character', 'conformance\x01value'],
  ['nul', 'a NUL', 'conformance\x00value'],
  ['null-null', '"null,null"', 'null,null'],
  ['long', `${LONG} characters`, 'x'.repeat(LONG)],
];

/**
 * For every operation, each of its header parameters (and Authorization) and path parameters
 * with each malformed value: a 4xx in the error envelope, or an answer the parameter's schema
 * lets the gateway give, within the request timeout and never a 5xx. Header values with control
 * characters are written to the socket as they are (`raw`): client libraries refuse them.
 */
export function malformedInputScenarios(plan: PlanContext): SuiteScenario[] {
  const scenarios: SuiteScenario[] = [];
  for (const op of plan.checks.operations.values()) {
    const base = baseRequest(plan, op.operationId);
    const judged = outsideOperation(op, op.method, ['4XX'], true);
    const skipReason = plan.checks.managementOnly.has(op.operationId)
      ? missing([
          ['managementKey', plan.config.managementKey],
          ['guardrail.id', plan.config.guardrail.id],
        ])
      : undefined;
    const targets: Array<{ name: string; in: 'header' | 'path'; pointer?: string }> = [
      { name: 'Authorization', in: 'header' },
      ...op.parameters
        .filter((p) => p.in === 'header' || p.in === 'path')
        .map((p) => ({ name: p.name, in: p.in as 'header' | 'path', pointer: p.schemaPointer })),
    ];
    for (const target of targets) {
      for (const [id, what, value] of VALUES) {
        const schemaAccepts = target.pointer !== undefined && plan.contract.validator(target.pointer)(value);
        const input = {
          what: `${target.in} ${target.name} with ${what}`,
          mustReject: CONTROL.test(value) || (target.pointer !== undefined && !schemaAccepts),
          rule: target.pointer ?? '#/components/securitySchemes',
        };
        const request = malformed(op, base, target, value);
        scenarios.push({
          id: `malformed/${op.operationId}/${target.in}-${target.name.toLowerCase()}-${id}`,
          title: `answers ${input.what} within the timeout, with a 4xx where it cannot act on it`,
          operationId: op.operationId,
          phase: 'main',
          skipReason,
          run: async (ctx) => void (await ctx.send(request, [expectMalformedInputRejected(input)], judged)),
        });
      }
    }
  }
  return scenarios;
}

function malformed(
  op: OperationInfo,
  base: RequestSpec,
  target: { name: string; in: 'header' | 'path' },
  value: string,
): RequestSpec {
  if (target.in === 'header') {
    const headerValue = target.name === 'Authorization' ? `Bearer ${value}` : value;
    return { ...base, headers: { ...base.headers, [target.name]: headerValue }, raw: CONTROL.test(value) };
  }
  const params = Object.fromEntries(
    op.pathParamNames.map((name, i) => [name, decodeURIComponent(pathValues(base.path, op)[i] ?? '')]),
  );
  return { ...base, path: fillPath(op, { ...params, [target.name]: value }) };
}

/** The path parameters of a filled path, in template order. */
function pathValues(path: string, op: OperationInfo): string[] {
  return op.pattern.exec(path)?.slice(1) ?? [];
}
