import type { OperationInfo } from '../../kit/contract/operations';
import type { Credential, RequestSpec } from '../engine/types';
import type { PlanContext } from '../engine/scenario';
import { documentedValue } from './documented-value';

/** A guardrail id no gateway holds (UUID-shaped, unassignGuardrailKeys), for 404 and auth scenarios. */
export const UNKNOWN_GUARDRAIL_ID = '0c0ffee0-0000-4000-8000-00000000dead';
/** A key hash no gateway knows (64 hex digits, like the mock's). */
export const UNKNOWN_KEY_HASH = '0123456789abcdef'.repeat(4);
/** Plain input that no guardrail should block. */
export const PLAIN_INPUT = 'Say hello in one short sentence.';

/** The template path of an operation with its parameters filled in and percent-encoded. */
export function fillPath(
  operation: OperationInfo,
  params: Readonly<Record<string, string>>,
  encode: (s: string) => string = encodeURIComponent,
): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${operation.operationId}`);
    return encode(value);
  });
}

/** `author/slug` → the path parameters of GET /model/{author}/{slug}. */
export function modelPathParams(id: string): Record<string, string> {
  const slash = id.indexOf('/');
  return { author: id.slice(0, slash), slug: id.slice(slash + 1) };
}

/** The body of a plain, valid POST /responses request for the target's model. */
export function plainResponseBody(plan: PlanContext): Record<string, unknown> {
  return { model: plan.config.model, input: PLAIN_INPUT };
}

/**
 * A valid request for each operation against the target, with the credential it needs. Method and
 * path come from the document; only the values are chosen here.
 */
export function baseRequest(plan: PlanContext, operationId: string, overrides: Partial<RequestSpec> = {}): RequestSpec {
  const op = plan.operation(operationId);
  const config = plan.config;
  const params: Record<string, string> = {};
  let body: unknown;
  let credential: Credential = 'apiKey';
  if (op.pathParamNames.includes('author')) Object.assign(params, modelPathParams(config.model));
  if (op.pathParamNames.includes('id')) params.id = config.guardrail.id ?? UNKNOWN_GUARDRAIL_ID;
  // A path parameter of an operation the suite does not know (a --spec document's): the document's value.
  for (const param of op.parameters)
    if (param.in === 'path' && params[param.name] === undefined)
      params[param.name] = String(documentedValue(plan, param.schemaPointer.replace(/\/schema$/, '')));
  if (plan.checks.managementOnly.has(operationId))
    credential = config.managementKey === undefined ? 'apiKey' : 'managementKey';
  const bodyPointer = op.requestBody?.content.get('application/json');
  if (op.requestBody)
    body =
      operationId === 'createResponse'
        ? plainResponseBody(plan)
        : operationId === 'unassignGuardrailKeys' || bodyPointer === undefined
          ? { key_hashes: [UNKNOWN_KEY_HASH] }
          : documentedValue(plan, bodyPointer.replace(/\/schema$/, ''));
  return { method: op.method, path: fillPath(op, params), body, credential, ...overrides };
}
