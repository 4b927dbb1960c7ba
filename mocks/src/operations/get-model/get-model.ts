import type { Handler } from '../../core/handler-types';
import { GatewayError } from '../../exchange/gateway-error';

/** GET /model/{author}/{slug} (getModel; ModelSlug): aliases resolve, `:variant` suffixes apply. */
export const getModel: Handler<'getModel'> = ({ pathParams, store }) => {
  const resolved = store.catalog.resolvePath(pathParams.author, pathParams.slug);
  if (!resolved) {
    throw new GatewayError(
      404,
      `Model ${pathParams.author}/${pathParams.slug} not found: check the author, the slug and any :variant suffix`,
    );
  }
  return { status: 200, rawBody: resolved.json };
};
