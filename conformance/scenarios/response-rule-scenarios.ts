import { expectServiceMetadata } from '../checks/service-metadata-present';
import { expectStatus } from '../checks/status-matches-rule';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import type { Expectation, RequestSpec } from '../engine/types';
import { baseRequest, plainResponseBody } from './base-requests';

const OP = 'createResponse';
const UNKNOWN_MODEL = 'conformance-unknown/model-that-does-not-exist';

/** Named request examples whose outcome depends on the target's fixtures rather than on the contract. */
const FIXTURE_DEPENDENT = /guardrail/i;

/**
 * POST /responses rules of ResponseRequest, createResponse, black-box: statelessness (`previous_response_id`,
 * `store`), the shown function tool shape (FunctionTool), models (fallback list, unknown model), the documented request examples, and the
 * routing-metadata headers (current and legacy) derived from the operation's header parameters.
 */
export function responseRuleScenarios(plan: PlanContext): SuiteScenario[] {
  const body = plainResponseBody(plan);
  const scenario = (
    id: string,
    title: string,
    request: Partial<RequestSpec>,
    expectations: Expectation[],
  ): SuiteScenario => ({
    id: `rules/${OP}/${id}`,
    title,
    operationId: OP,
    phase: 'main',
    run: async (ctx) => void (await ctx.send(baseRequest(plan, OP, request), expectations)),
  });
  const ok = (because: string, rule = 'createResponse 200') => expectStatus({ rule, statuses: [200], because });
  const scenarios: SuiteScenario[] = [
    scenario('plain', 'answers 200 to a plain request', {}, [ok('a plain request with model and input must succeed')]),
    scenario(
      'previous-response-id-null',
      'accepts previous_response_id null',
      { body: { ...body, previous_response_id: null } },
      [
        ok(
          'null previous_response_id is allowed',
          '#/components/schemas/ResponseRequest/properties/previous_response_id',
        ),
      ],
    ),
    scenario(
      'previous-response-id-set',
      'rejects a non-null previous_response_id with 400',
      { body: { ...body, previous_response_id: 'resp_conformance_0001' } },
      [
        expectStatus({
          rule: '#/components/schemas/ResponseRequest/properties/previous_response_id',
          statuses: [400],
          because: 'the Responses API is stateless: a non-null previous_response_id is rejected with 400',
        }),
      ],
    ),
    scenario('stream-false', 'answers JSON, not a stream, to stream false', { body: { ...body, stream: false } }, [
      ok('stream false (the default) gets the JSON result (createResponse)'),
    ]),
    scenario('store-false', 'accepts store false', { body: { ...body, store: false } }, [
      ok('store false is the one allowed value', '#/components/schemas/ResponseRequest/properties/store'),
    ]),
    scenario('store-true', 'rejects store true with 400', { body: { ...body, store: true } }, [
      expectStatus({
        rule: '#/components/schemas/ResponseRequest/properties/store',
        statuses: [400],
        because: 'only the value false is allowed for store',
      }),
    ]),
    scenario(
      'function-tool-name-type',
      'rejects a function tool whose name is not a string with 400',
      { body: { ...body, tools: [{ type: 'function', name: 42 }] } },
      [
        expectStatus({
          rule: '#/components/schemas/FunctionTool/properties/name',
          statuses: [400],
          because: 'a function tool names its function with a string; any other type is an invalid parameter',
        }),
      ],
    ),
    scenario(
      'models-list',
      'accepts a model fallback list instead of model',
      { body: { models: [plan.config.model], input: body.input } },
      [ok('a request may name a list of models', '#/components/schemas/ResponseRequest/properties/models')],
    ),
    scenario('unknown-model', 'rejects an unknown model', { body: { ...body, model: UNKNOWN_MODEL } }, [
      expectStatus({
        rule: 'createResponse 400',
        statuses: [400, 404],
        because: 'a model that does not exist cannot be answered (invalid parameter or missing resource)',
      }),
    ]),
  ];
  for (const [name, example] of requestExamples(plan)) {
    scenarios.push(
      scenario(`example-${name}`, `accepts the documented request example "${name}"`, { body: example }, [
        ok(`the document's own request example "${name}" must be accepted`, 'createResponse requestBody examples'),
      ]),
    );
  }
  for (const header of plan
    .operation(OP)
    .parameters.filter((p) => p.in === 'header' && Array.isArray(p.schema.enum) && p.schema.enum.includes('enabled'))) {
    const schema = `${resultSchema(plan)}/properties/service_metadata`;
    scenarios.push(
      scenario(
        `service-metadata-${header.name.toLowerCase()}`,
        `carries service_metadata with ${header.name}: enabled`,
        { headers: { [header.name]: 'enabled' } },
        [expectServiceMetadata(header.name, schema)],
      ),
    );
  }
  return scenarios;
}

/** The 200 application/json schema pointer of POST /responses (the result, ResponseResult). */
export function resultSchema(plan: PlanContext): string {
  const pointer = plan.operation(OP).responses.get('200')?.content.get('application/json');
  if (pointer === undefined) throw new Error(`${OP} documents no JSON 200 body`);
  // Follow a $ref so that member pointers (`…/properties/service_metadata`) resolve for ajv.
  const node = plan.contract.at<{ $ref?: unknown }>(pointer);
  return typeof node.$ref === 'string' ? node.$ref : pointer;
}

/** Non-streaming named request examples, with the model replaced by the target's. */
function requestExamples(plan: PlanContext): Array<[string, Record<string, unknown>]> {
  const out: Array<[string, Record<string, unknown>]> = [];
  const schemaPointer = plan.operation(OP).requestBody?.content.get('application/json');
  if (schemaPointer === undefined) return out;
  const media = plan.contract.at<{ examples?: Record<string, unknown> }>(schemaPointer.replace(/\/schema$/, ''));
  for (const [name, raw] of Object.entries(media.examples ?? {})) {
    const value = plan.contract.resolve<{ value?: unknown }>(raw).value as Record<string, unknown> | undefined;
    if (!value || value.stream === true || value.provider !== undefined || FIXTURE_DEPENDENT.test(name)) continue;
    const example: Record<string, unknown> = { ...value };
    if (typeof example.model === 'string') example.model = plan.config.model;
    if (Array.isArray(example.models)) example.models = [plan.config.model];
    out.push([name, example]);
  }
  return out;
}
