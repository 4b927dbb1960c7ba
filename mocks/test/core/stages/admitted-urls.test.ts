import { loadContract } from '../../../../kit/contract/contract';
import { listOperations } from '../../../../kit/contract/operations';
import { AdmittedUrls } from '../../../src/core/stages/admitted-urls';

const operations = listOperations(loadContract());
const operation = (id: string) => {
  const found = operations.find((op) => op.operationId === id);
  if (!found) throw new Error(`no operation ${id} in the spec`);
  return found;
};

describe('AdmittedUrls', () => {
  it('takes the operations decided by their URL alone: no body, no header parameters', () => {
    const decided = operations.filter((op) => AdmittedUrls.decidedByUrl(op)).map((op) => op.operationId);
    expect(decided.sort()).toEqual(['getModel', 'listEmbeddingsModels']);
  });

  it('remembers a URL that passed, frozen, per method', () => {
    const urls = new AdmittedUrls(true);
    const getModel = operation('getModel');
    urls.remember('GET', '/api/v1/model/openai/gpt-4o', {
      operation: getModel,
      pathParams: { author: 'openai', slug: 'gpt-4o' },
      query: {},
    });
    const found = urls.get('GET', '/api/v1/model/openai/gpt-4o');
    expect(found).toEqual({ operation: getModel, pathParams: { author: 'openai', slug: 'gpt-4o' }, query: {} });
    expect(Object.isFrozen(found?.pathParams)).toBe(true);
    expect(Object.isFrozen(found?.query)).toBe(true);
    expect(urls.get('HEAD', '/api/v1/model/openai/gpt-4o')).toBeUndefined();
    expect(urls.get('GET', '/api/v1/model/openai/gpt-4o?')).toBeUndefined();
  });

  it("keeps what it was given unfrozen: the copy is frozen, not the caller's objects", () => {
    const urls = new AdmittedUrls(true);
    const pathParams = { author: 'openai', slug: 'gpt-4o' };
    urls.remember('GET', '/api/v1/model/openai/gpt-4o', { operation: operation('getModel'), pathParams, query: {} });
    expect(Object.isFrozen(pathParams)).toBe(false);
  });

  it('never remembers an operation with a body, nor anything when turned off', () => {
    const on = new AdmittedUrls(true);
    on.remember('POST', '/api/v1/responses', { operation: operation('createResponse'), pathParams: {}, query: {} });
    expect(on.get('POST', '/api/v1/responses')).toBeUndefined();
    const off = new AdmittedUrls(false);
    off.remember('GET', '/api/v1/embeddings/models', {
      operation: operation('listEmbeddingsModels'),
      pathParams: {},
      query: {},
    });
    expect(off.get('GET', '/api/v1/embeddings/models')).toBeUndefined();
  });
});
