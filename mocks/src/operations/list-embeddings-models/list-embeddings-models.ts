import type { Handler } from '../../core/handler-types';
import { listPage } from '../list-page';

/**
 * GET /embeddings/models (listEmbeddingsModels): the catalog's embeddings models, paged as every
 * list operation is (list-page.ts).
 */
export const listEmbeddingsModels: Handler<'listEmbeddingsModels'> = ({ operation, query, store, facts, options }) => ({
  status: 200,
  body: listPage(store.catalog.embeddings, query, {
    basePath: options.basePath,
    path: operation.path,
    defaults: facts.defaults.page,
  }),
});
