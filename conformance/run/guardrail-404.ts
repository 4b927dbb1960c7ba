import { isRecord } from '../../kit/json/guards';
import { UNKNOWN_GUARDRAIL_ID, baseRequest } from '../scenarios/base-requests';
import { normalise } from '../engine/failure-cause';
import type { PlanContext } from '../engine/scenario';
import type { Exchange, RequestSpec } from '../engine/types';
import type { PreflightFinding } from './preflight-finding';

/** The rule a hash no key has on an existing guardrail meets: unassignGuardrailKeys 200, example `noneAssigned`. */
const RULE = 'unassignGuardrailKeys 200';
const CAUSE = "unassigning a hash no key has from the target's guardrail answered 404 where the contract says 200";
const SAYS =
  'unassigned_count 0 with 200 for a hash no key has on an existing guardrail (unassignGuardrailKeys 200, example noneAssigned); 404 with the error envelope only for a guardrail that does not exist (NotFound)';

/**
 * A 404 to unassigning a hash no key has from the target's guardrail is what a missing guardrail
 * looks like (unassignGuardrailKeys 404, NotFound: the error envelope) only when nothing else says
 * the guardrail exists. The contract answers an existing guardrail 200 with `unassigned_count` 0, so
 * the 404 is the gateway's defect, a finding rather than a bad `guardrail.id`, when:
 * - it is not the error envelope with `error.code` 404 (not the contract's missing guardrail);
 * - the guardrail that surely does not exist (asked just before) got another answer than this one:
 *   the gateway tells the two apart, so this one exists;
 * - the guarded key's blocked input is blocked by a guardrail stage naming this guardrail.
 * Undefined when the answer is the contract's missing guardrail: the configuration is at fault.
 */
export async function guardrail404Finding(
  own: Exchange,
  unknown: Exchange | undefined,
  plan: PlanContext,
  ask: (request: RequestSpec) => Promise<Exchange>,
): Promise<PreflightFinding | undefined> {
  const id = plan.config.guardrail.id ?? '';
  const message = envelopeMessage(own);
  const found = (why: string): PreflightFinding => ({
    check: 'unassigned-count-matches',
    family: 'guardrail',
    rule: RULE,
    finding: {
      message: `unassigning a hash no key has from guardrail ${id} answered 404${message === undefined ? '' : ` ("${message.slice(0, 120)}")`}: ${why}`,
      expected: SAYS,
      cause: CAUSE,
    },
  });
  if (message === undefined)
    return found(
      "the answer is not the error envelope with error.code 404, so it is not the contract's missing guardrail",
    );
  const other = unknown?.response?.status === 404 ? envelopeMessage(unknown) : undefined;
  if (other !== undefined && withoutIds(other, UNKNOWN_GUARDRAIL_ID) !== withoutIds(message, id))
    return found(
      `a guardrail that does not exist (${UNKNOWN_GUARDRAIL_ID}) gets another 404 ("${other.slice(0, 120)}"), so this guardrail exists`,
    );
  if (await blockedByIt(plan, ask))
    return found("the guarded key's blocked input is blocked by a guardrail stage naming it, so it exists");
  return undefined;
}

/** `error.message` of a 404 in the error envelope (`error.code` 404), else undefined. */
function envelopeMessage(exchange: Exchange): string | undefined {
  const json = exchange.response?.json;
  if (exchange.response?.status !== 404 || !isRecord(json) || !isRecord(json.error)) return undefined;
  const { code, message } = json.error;
  return code === 404 && typeof message === 'string' ? message : undefined;
}

/**
 * The message without the guardrail's id and a request's particulars (ids, numbers, quoted values:
 * failure-cause.ts): two answers that differ only by those say the same.
 */
function withoutIds(message: string, id: string): string {
  return normalise(message.split(id).join('ID'));
}

/**
 * The guarded key's blocked input, asked with service metadata on (a read: a blocked request
 * creates nothing): true when a guardrail stage of the block names the target's guardrail.
 */
async function blockedByIt(plan: PlanContext, ask: (request: RequestSpec) => Promise<Exchange>): Promise<boolean> {
  const { guardedApiKey, blockedInput, id } = plan.config.guardrail;
  if (guardedApiKey === undefined || blockedInput === undefined || id === undefined) return false;
  if (!plan.checks.operations.has('createResponse')) return false;
  const header = plan
    .operation('createResponse')
    .parameters.find((p) => p.in === 'header' && Array.isArray(p.schema.enum) && p.schema.enum.includes('enabled'));
  const request = baseRequest(plan, 'createResponse', {
    credential: 'guardedApiKey',
    body: { model: plan.config.model, input: blockedInput },
    ...(header === undefined ? {} : { headers: { [header.name]: 'enabled' } }),
  });
  const answer = await ask(request);
  const json = answer.response?.json;
  if (answer.response?.status !== 403 || !isRecord(json) || !isRecord(json.service_metadata)) return false;
  const pipeline = json.service_metadata.pipeline;
  return (
    Array.isArray(pipeline) &&
    pipeline.some(
      (stage) =>
        isRecord(stage) && stage.type === 'guardrail' && String(stage.guardrail_id).toLowerCase() === id.toLowerCase(),
    )
  );
}
