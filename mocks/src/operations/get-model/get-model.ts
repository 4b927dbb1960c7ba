import type { Handler } from '../../core/handler-types';
import { GatewayError } from '../../exchange/gateway-error';
import { pathValues } from '../../core/path-values';

/** GET /model/{author}/{slug} (getModel; ModelSlug): aliases resolve, `:variant` suffixes apply. */
export const getModel: Handler<'getModel'> = (context) => {
  const [author = '', slug = ''] = pathValues(context);
  const resolved = context.store.catalog.resolvePath(author, slug);
  if (!resolved) {
    throw new GatewayError(
      404,
      `Model ${author}/${slug} not found: check the author, the slug and any :variant suffix`,
    );
  }
  return { status: 200, rawBody: resolved.json };
};
