import { loadContract } from '../../../kit/contract/contract';
import { createResponse } from '../../src/operations/create-response/create-response';
import { getModel } from '../../src/operations/get-model/get-model';
import { listEmbeddingsModels } from '../../src/operations/list-embeddings-models/list-embeddings-models';
import type { HandlerRegistry } from '../../src/operations/registry';
import { HANDLERS } from '../../src/operations/registry';
import type { PathParams, QueryParams, RequestBody } from '../../src/core/handler-types';
import { unassignGuardrailKeys } from '../../src/operations/unassign-guardrail-keys/unassign-guardrail-keys';
import { operationIds } from '../helpers/sample-requests';

describe('the handler registry', () => {
  it('has one handler per operationId of the spec, and no other', () => {
    expect(Object.keys(HANDLERS).sort()).toEqual(operationIds(loadContract()));
  });

  // What follows is checked by `npm run typecheck`: each `@ts-expect-error` fails it if the line compiles.
  it('types each handler by its own operation', () => {
    const registries: unknown[] = [
      // @ts-expect-error: the registry has no handler for getModel
      { createResponse, unassignGuardrailKeys, listEmbeddingsModels } satisfies HandlerRegistry,
      // @ts-expect-error: getModel's handler cannot serve createResponse
      { createResponse: getModel, unassignGuardrailKeys, listEmbeddingsModels, getModel } satisfies HandlerRegistry,
    ];
    const getModelPath: PathParams<'getModel'> = { author: 'openai', slug: 'gpt-4o' };
    // @ts-expect-error: getModel has no `id` path parameter
    const wrongPath: PathParams<'getModel'> = { id: '00000000-0000-4000-8000-000000000001' };
    const page: QueryParams<'listEmbeddingsModels'> = { offset: 0, limit: 10 };
    // @ts-expect-error: limit is an integer, coerced before the handler sees it
    const textLimit: QueryParams<'listEmbeddingsModels'> = { limit: '10' };
    const unassign: RequestBody<'unassignGuardrailKeys'> = { key_hashes: ['0'.repeat(64)] };
    const noBody: RequestBody<'getModel'> = undefined;
    expect([...registries, getModelPath, wrongPath, page, textLimit, unassign, noBody]).toHaveLength(8);
  });
});
