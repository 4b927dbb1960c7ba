import { CORE_FEATURE } from '../../kit/contract/core-members';
import type { CheckContext, Exchange } from './types';

/**
 * The features of the API one verdict is about, derived from the document's `x-feature` keywords:
 * those of the request (its operation, the body members and headers it sends) and of the rule the
 * check cites (a semantic rule's example, a schema, a security scheme). A verdict about none of
 * them is about the core. A request with a feature's member judges that feature: a gateway that
 * drops `plugins` fails there, whatever check notices it.
 */
export function exchangeFeatures(
  ctx: CheckContext,
  exchange: Exchange,
  rule: string,
  ofRequest: readonly string[] = requestFeatures(ctx, exchange),
): readonly string[] {
  const ofRule = ctx.features.ofRule(rule);
  if (ofRule.length === 0) return ofRequest.length === 0 ? CORE_ONLY : ofRequest;
  if (ofRequest.length === 0) return ofRule;
  return [...new Set([...ofRequest, ...ofRule])];
}

/** The features the exchange's request exercises (none: the core), worked out once per exchange. */
export function requestFeatures(ctx: CheckContext, exchange: Exchange): readonly string[] {
  return ctx.features.ofRequest(exchange.operation, exchange.request.body, exchange.request.headers);
}

const CORE_ONLY: readonly string[] = Object.freeze([CORE_FEATURE]);
