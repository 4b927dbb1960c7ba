import { CORE_FEATURE } from '../../kit/contract/core-members';
import type { CheckContext, Exchange } from './types';

/**
 * The features of the API one verdict is about, derived from the document's `x-feature` keywords:
 * those of the request (its operation, the body members and headers it sends) and of the rule the
 * check cites (a semantic rule's example, a schema, a security scheme). A verdict about none of
 * them is about the core. A request with a feature's member judges that feature: a gateway that
 * drops `plugins` fails there, whatever check notices it.
 */
export function exchangeFeatures(ctx: CheckContext, exchange: Exchange, rule: string): string[] {
  const { body, headers } = exchange.request;
  const found = new Set([...ctx.features.ofRequest(exchange.operation, body, headers), ...ctx.features.ofRule(rule)]);
  return found.size === 0 ? [CORE_FEATURE] : [...found];
}
