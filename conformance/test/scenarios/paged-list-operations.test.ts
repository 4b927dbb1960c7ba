import { readFileSync } from 'node:fs';
import { dump, load } from 'js-yaml';
import { SPEC_PATH, contractFromText, loadContract } from '../../../kit/contract/contract';
import { planContext } from '../../run/run-suite';
import { pagingScenarios, queryTypeScenarios } from '../../scenarios/catalog-scenarios';
import { pagedListOperations } from '../../scenarios/paged-list-operations';
import { mockTargetConfig } from '../support/suite-harness';

/** The shipped spec with a second paged list, GET /widgets (listWidgets), a copy of GET /embeddings/models. */
function specWithWidgets(): string {
  const document = load(readFileSync(SPEC_PATH, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const embeddings = document.paths['/embeddings/models'] as { get: Record<string, unknown> };
  document.paths['/widgets'] = { get: { ...embeddings.get, operationId: 'listWidgets' } };
  return dump(document);
}

describe('the paged list operations', () => {
  it('are the GETs of the document that take offset and limit', () => {
    expect(pagedListOperations(planContext(loadContract(), mockTargetConfig()))).toEqual(['listEmbeddingsModels']);
  });

  it('each get the paging and query-type scenarios, a list the spec adds included', () => {
    const plan = planContext(contractFromText(specWithWidgets(), SPEC_PATH), mockTargetConfig());
    expect(pagedListOperations(plan)).toEqual(['listEmbeddingsModels', 'listWidgets']);
    expect(pagingScenarios(plan).map((s) => s.id)).toEqual([
      'catalog/listEmbeddingsModels/paging',
      'catalog/listWidgets/paging',
    ]);
    expect(
      queryTypeScenarios(plan)
        .filter((s) => s.operationId === 'listWidgets')
        .map((s) => s.id),
    ).toEqual(
      queryTypeScenarios(plan)
        .filter((s) => s.operationId === 'listEmbeddingsModels')
        .map((s) => s.id.replace('listEmbeddingsModels', 'listWidgets')),
    );
  });
});
