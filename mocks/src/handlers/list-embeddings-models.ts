import type { Handler } from '../pipeline/context';

/**
 * GET /embeddings/models (contract §4.3). With neither `offset` nor `limit` the full list;
 * otherwise a page (limit default from the spec's parameter schema) and `links.next` to the next one.
 */
export const listEmbeddingsModels: Handler = ({ query, store, operation, options }) => {
  const all = store.catalog.embeddings;
  const offsetGiven = typeof query.offset === 'number';
  const limitGiven = typeof query.limit === 'number';
  if (!offsetGiven && !limitGiven) {
    return { status: 200, body: { data: all, links: { next: null }, total_count: all.length } };
  }
  const offset = offsetGiven ? (query.offset as number) : 0;
  const limit = limitGiven ? (query.limit as number) : defaultLimit(operation.parameters);
  const data = all.slice(offset, offset + limit);
  const nextOffset = offset + limit;
  const next =
    nextOffset < all.length ? `${options.basePath}/embeddings/models?offset=${nextOffset}&limit=${limit}` : null;
  return { status: 200, body: { data, links: { next }, total_count: all.length } };
};

function defaultLimit(parameters: ReadonlyArray<{ name: string; schema: Record<string, unknown> }>): number {
  const fromSpec = parameters.find((p) => p.name === 'limit')?.schema.default;
  return typeof fromSpec === 'number' ? fromSpec : Number.MAX_SAFE_INTEGER;
}
