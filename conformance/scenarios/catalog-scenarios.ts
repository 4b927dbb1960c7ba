import { expectEmbeddingsListed } from '../checks/embeddings-listed';
import { expectModel } from '../checks/model-matches-request';
import { expectPageWindow } from '../checks/page-window-matches';
import { expectStatus } from '../checks/status-matches-rule';
import { missing } from '../engine/scenario';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import type { Expectation } from '../engine/types';
import { baseRequest, fillPath, modelPathParams } from './base-requests';
import { pagedListOperations } from './paged-list-operations';
import { isRecord } from '../../kit/json/guards';

const GET = 'getModel';

/** GET /model (getModel): ids, aliases, variants (colon raw and percent-encoded), unknown models. */
export function modelScenarios(plan: PlanContext): SuiteScenario[] {
  const op = plan.operation(GET);
  const config = plan.config;
  const get = (
    id: string,
    title: string,
    modelId: string,
    expectation: Expectation,
    encode?: (s: string) => string,
    skipReason?: string,
  ): SuiteScenario => ({
    id: `catalog/${GET}/${id}`,
    title,
    operationId: GET,
    phase: 'main',
    skipReason,
    run: async (ctx) =>
      void (await ctx.send(baseRequest(plan, GET, { path: fillPath(op, modelPathParams(modelId), encode) }), [
        expectation,
      ])),
  });
  const notFound = expectStatus({
    rule: 'getModel 404',
    statuses: [404],
    because: 'a model that does not exist is a 404',
  });
  const scenarios = [
    get('model', `returns ${config.model}`, config.model, expectModel([config.model], 'the model asked for')),
    get(
      'embeddings-model',
      `returns the embeddings model`,
      config.embeddingsModel ?? 'x/x',
      expectModel([config.embeddingsModel ?? ''], 'the model asked for'),
      undefined,
      missing([['embeddingsModel', config.embeddingsModel]]),
    ),
    get(
      'unknown-slug',
      'returns 404 for an unknown slug',
      `${config.model.split('/')[0]}/conformance-no-such-model`,
      notFound,
    ),
    get('unknown-author', 'returns 404 for an unknown author', 'conformance-no-such-author/model', notFound),
  ];
  for (const [alias, canonical] of Object.entries(config.aliases)) {
    scenarios.push(
      get(
        `alias-${alias}`,
        `resolves the alias ${alias} to ${canonical}`,
        alias,
        expectModel([canonical], 'known aliases are resolved'),
      ),
    );
  }
  for (const variant of config.variants) {
    const accepted = [variant, variant.slice(0, variant.indexOf(':'))];
    scenarios.push(
      get(
        `variant-${variant}`,
        `returns the variant ${variant} (colon percent-encoded)`,
        variant,
        expectModel(accepted, 'the slug may carry a variant suffix'),
      ),
    );
    scenarios.push(
      get(
        `variant-raw-${variant}`,
        `returns the variant ${variant} (colon as is)`,
        variant,
        expectModel(accepted, 'the slug may carry a variant suffix'),
        (s) => encodeURIComponent(s).replace(/%3A/gi, ':'),
      ),
    );
  }
  return scenarios;
}

/** Each paged list of the document (GET /embeddings/models): full list, windows of it, totals, past-the-end pages. */
export function pagingScenarios(plan: PlanContext): SuiteScenario[] {
  return pagedListOperations(plan).flatMap((list) => pagingScenario(plan, list));
}

function pagingScenario(plan: PlanContext, list: string): SuiteScenario[] {
  const totalMember = totalCountMember(plan, list);
  return [
    {
      id: `catalog/${list}/paging`,
      title: 'returns the full list without offset and limit, and windows of it with them',
      operationId: list,
      phase: 'main',
      async run(ctx) {
        const full = await ctx.send(baseRequest(plan, list), [
          expectEmbeddingsListed({ embeddingsModel: plan.config.embeddingsModel, totalMember }),
        ]);
        const body = full.response?.json;
        const ids =
          isRecord(body) && Array.isArray(body.data) ? body.data.map((m) => String(isRecord(m) ? m.id : '')) : [];
        if (ids.length === 0) return; // the full-list check above already failed or the target lists nothing
        const windows: Array<[number, number]> = [
          [0, 1],
          [1, 1],
          [1, 2],
          [ids.length - 1, 5],
          [ids.length, 1],
          [ids.length + 5, 10],
          [0, ids.length],
        ];
        await Promise.all(
          windows.map(([offset, limit]) =>
            ctx.send(baseRequest(plan, list, { query: { offset: String(offset), limit: String(limit) } }), [
              expectPageWindow({ full: ids, offset, limit, totalMember }),
            ]),
          ),
        );
        await ctx.send(baseRequest(plan, list, { query: { limit: '1' } }), [
          expectPageWindow({ full: ids, offset: 0, limit: 1, totalMember }),
        ]);
        await ctx.send(baseRequest(plan, list, { query: { offset: '1' } }), [
          expectPageWindow({ full: ids, offset: 1, totalMember }),
        ]);
      },
    },
  ];
}

/** Integer query parameters of each paged list given a value that is not an integer get 400 (each operation's responses). */
export function queryTypeScenarios(plan: PlanContext): SuiteScenario[] {
  return pagedListOperations(plan).flatMap((list) =>
    plan
      .operation(list)
      .parameters.filter((p) => p.in === 'query' && p.schema.type === 'integer')
      .flatMap((p) =>
        ['abc', '1.5'].map((value): SuiteScenario => ({
          id: `catalog/${list}/${p.name}-${value === 'abc' ? 'text' : 'fraction'}`,
          title: `rejects ${p.name}=${value} with 400`,
          operationId: list,
          phase: 'main',
          run: async (ctx) =>
            void (await ctx.send(baseRequest(plan, list, { query: { [p.name]: value } }), [
              expectStatus({ rule: `${list} 400`, statuses: [400], because: `${p.name} is an integer` }),
            ])),
        })),
      ),
  );
}

/** The integer member of the list body other than `data`: the total count (the document leaves its name open). */
function totalCountMember(plan: PlanContext, list: string): string | undefined {
  const pointer = plan.operation(list).responses.get('200')?.content.get('application/json');
  if (pointer === undefined) return undefined;
  const schema = plan.contract.resolve<Record<string, unknown>>(plan.contract.at(pointer));
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const integers = Object.entries(properties).filter(
    ([, s]) => plan.contract.resolve<Record<string, unknown>>(s).type === 'integer',
  );
  return integers.length === 1 ? integers[0]?.[0] : undefined;
}
