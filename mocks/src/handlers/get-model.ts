import type { Handler } from '../pipeline/context';
import { GatewayError } from '../pipeline/gateway-error';

/** GET /model/{author}/{slug} (getModel; ModelSlug): aliases resolve, `:variant` suffixes apply. */
export const getModel: Handler<'getModel'> = ({ pathParams, store }) => {
  const id = `${pathParams.author}/${pathParams.slug}`;
  const resolved = store.catalog.resolve(id);
  if (!resolved) {
    throw new GatewayError(404, `Model ${id} not found: check the author, the slug and any :variant suffix`);
  }
  return { status: 200, rawBody: resolved.json };
};
