import { CORE_FEATURE } from '../../kit/contract/core-members';
import { semanticRules } from '../../kit/contract/semantic-rules';
import { isRecord } from '../../kit/json/guards';
import type { Check, CheckContext, Exchange, Expectation, Finding } from './types';
import { asAnswerTo, carriedMembers, withoutMembers } from './feature-members';

/**
 * The extension features a failing answer shows ignored: those whose members and headers, taken
 * out of the request, leave a request this very answer is right for. That is the rule that tells
 * a feature the gateway does not support (it drops the members: they have no effect) from one it
 * gets wrong (it acts on them, wrongly):
 *
 * the answer is judged again, by every check that applies and every expectation of the scenario,
 * as the answer to the request without the feature's members. It must pass all of them, except
 * that a status expectation, which was about the request as sent, becomes: a 2xx when the request
 * without the members is valid against the operation's request schema, a 4xx when it is not, or
 * when the answer is a 400 that names a semantic rule the request without them breaks (its
 * message is the one the rule's example gives: `No model given` to a request whose `models` went).
 *
 * Each feature of the request is tried alone, then all of them together; an empty list means the
 * answer is wrong whatever is taken out.
 */
export function ignoredFeatures(
  exchange: Exchange,
  checks: readonly Check[],
  expectations: readonly Expectation[],
  ctx: CheckContext,
): string[] {
  const { body, headers } = exchange.request;
  const features = ctx.features.ofRequest(exchange.operation, body, headers).filter((f) => f !== CORE_FEATURE);
  for (const feature of features) if (rightWithout([feature], exchange, checks, expectations, ctx)) return [feature];
  if (features.length > 1 && rightWithout(features, exchange, checks, expectations, ctx)) return features;
  return [];
}

/**
 * Of a feature the answer shows ignored, the members that explain it: each carried member tried
 * alone as the feature was (the answer right for the request without that member alone); when no
 * one alone does, every member it carried. A gateway that forwards `modalities` and drops
 * `image_config` fails on `image_config` only.
 */
export function ignoredMembers(
  exchange: Exchange,
  feature: string,
  checks: readonly Check[],
  expectations: readonly Expectation[],
  ctx: CheckContext,
): string[] {
  const carried = carriedMembers(ctx, exchange.request, [feature]).get(feature) ?? [];
  if (carried.length < 2) return carried;
  const alone = carried.filter((member) =>
    rightFor(asAnswerTo(exchange, withoutMembers(exchange.request, [member])), exchange, checks, expectations, ctx),
  );
  return alone.length > 0 ? alone : carried;
}

function rightWithout(
  features: readonly string[],
  exchange: Exchange,
  checks: readonly Check[],
  expectations: readonly Expectation[],
  ctx: CheckContext,
): boolean {
  const stripped = ctx.features.without(exchange.operation, exchange.request, features);
  return rightFor(asAnswerTo(exchange, stripped), exchange, checks, expectations, ctx);
}

/** Whether `exchange`'s answer is right for the request of `without` (the ignored rule above). */
function rightFor(
  without: Exchange,
  exchange: Exchange,
  checks: readonly Check[],
  expectations: readonly Expectation[],
  ctx: CheckContext,
): boolean {
  const request = without.request;
  const status = exchange.response?.status ?? 0;
  const pointer = exchange.operation.requestBody?.content.get('application/json');
  const valid = pointer === undefined || request.body === undefined || ctx.contract.validator(pointer)(request.body);
  const refused = status >= 400 && status < 500;
  const statusRight = valid ? (status >= 200 && status < 300) || (refused && namesRule(exchange, ctx)) : refused;
  const clean = (verify: () => Finding[], expectation: boolean) => {
    try {
      return verify().every((f) => expectation && f.kind === 'status' && statusRight);
    } catch {
      return false;
    }
  };
  return (
    checks.every((c) => !c.applies(without, ctx) || clean(() => c.verify(without, ctx), false)) &&
    expectations.every((e) => (e.applies && !e.applies(without, ctx)) || clean(() => e.verify(without, ctx), true))
  );
}

/** The answer's error message is the one a semantic rule of the operation gives (x-semantic-rule). */
function namesRule(exchange: Exchange, ctx: CheckContext): boolean {
  const body = exchange.response?.json;
  const message = isRecord(body) && isRecord(body.error) ? body.error.message : undefined;
  return semanticRules(ctx.contract).some(
    (rule) => rule.operationId === exchange.operation.operationId && rule.message === message,
  );
}
