import type { Handler } from '../../core/handler-types';

/**
 * GET /embeddings/models (listEmbeddingsModels). With neither `offset` nor `limit` the full list;
 * otherwise a page (limit default from the spec's parameter schema) and `links.next` to the next one,
 * at the operation's own path.
 */
export const listEmbeddingsModels: Handler<'listEmbeddingsModels'> = ({ operation, query, store, facts, options }) => {
  const all = store.catalog.embeddings;
  if (query.offset === undefined && query.limit === undefined) {
    return { status: 200, body: { data: all, links: { next: null }, total_count: all.length } };
  }
  const offset = query.offset ?? facts.defaults.page.offset;
  const limit = query.limit ?? facts.defaults.page.limit;
  const data = all.slice(offset, offset + limit);
  const nextOffset = offset + limit;
  const next =
    nextOffset < all.length ? `${options.basePath}${operation.path}?offset=${nextOffset}&limit=${limit}` : null;
  return { status: 200, body: { data, links: { next }, total_count: all.length } };
};
