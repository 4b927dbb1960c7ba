/**
 * Every member of a POST /responses body is either the core (what OpenAI's Responses API itself
 * defines, kit/contract/core-members.ts) or marked with the feature it belongs to (`x-feature`),
 * so the suite can tell per feature what a gateway supports.
 */
import { loadContract } from '../../kit/contract/contract';
import { CORE_FEATURE, CORE_REQUEST_MEMBERS } from '../../kit/contract/core-members';
import { featureIndex } from '../../kit/contract/feature-index';
import { listOperations } from '../../kit/contract/operations';
import { isRecord } from '../../kit/json/guards';

const contract = loadContract();
const request = contract.at<{ properties: Record<string, Record<string, unknown>> }>(
  '#/components/schemas/ResponseRequest',
);
const index = featureIndex(contract, listOperations(contract));

/** Every `x-feature` value in the document, with where it stands. */
function tags(node: unknown, at = '#', into: Array<[string, unknown]> = []): Array<[string, unknown]> {
  if (Array.isArray(node)) node.forEach((item, i) => tags(item, `${at}/${i}`, into));
  if (!isRecord(node)) return into;
  if ('x-feature' in node) into.push([at, node['x-feature']]);
  for (const [key, value] of Object.entries(node)) tags(value, `${at}/${key}`, into);
  return into;
}

describe('features of the API', () => {
  it.each(Object.entries(request.properties))('marks %s as core or with its feature', (member, schema) => {
    const tagged = typeof schema['x-feature'] === 'string';
    expect({ member, core: CORE_REQUEST_MEMBERS.includes(member), tagged }).toEqual({
      member,
      core: !tagged,
      tagged: !CORE_REQUEST_MEMBERS.includes(member),
    });
  });

  it('names every feature in lower-case kebab-case, never the core', () => {
    const bad = tags(contract.document).filter(
      ([, value]) => typeof value !== 'string' || !/^[a-z]+(-[a-z]+)*$/.test(value) || value === CORE_FEATURE,
    );
    expect(bad).toEqual([]);
  });

  it('lists the features a matrix reports, the core first', () => {
    expect(index.features[0]).toBe(CORE_FEATURE);
    expect(index.features).toEqual(
      expect.arrayContaining([
        'plugins',
        'provider-routing',
        'model-fallbacks',
        'prompt-caching',
        'debug',
        'service-metadata',
        'sessions',
        'sampling-extensions',
        'modalities',
        'trace',
        'guardrails',
        'key-management',
      ]),
    );
  });

  it.each([
    [
      'a semantic rule',
      '#/components/responses/BadRequest/content/application~1json/examples/maxPriceNotDecimal',
      ['provider-routing'],
    ],
    ['a core semantic rule', '#/components/responses/BadRequest/content/application~1json/examples/unknownModel', []],
    ['a schema', '#/components/schemas/GuardrailBlockError', ['guardrails']],
    ['a response member', '#/components/schemas/ResponseResult/properties/service_metadata', ['service-metadata']],
    ['an operation and its security scheme', 'unassignGuardrailKeys 401 / 403', ['guardrails', 'key-management']],
    ['a core operation', 'createResponse 200 text/event-stream', []],
  ])('reads the feature of %s from the document', (_what, rule, want) => {
    expect(index.ofRule(rule)).toEqual(want);
  });

  it('finds the features of a request in its members at any depth and in its headers', () => {
    const op = listOperations(contract).find((o) => o.operationId === 'createResponse');
    if (!op) throw new Error('createResponse missing');
    const body = {
      model: 'openai/gpt-4o',
      metadata: { models: 'not a member' },
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'hi', cache_control: { type: 'ephemeral' } }] }],
      models: ['openai/gpt-4o'],
    };
    expect([...index.ofRequest(op, body, { 'x-service-metadata': 'enabled' })].sort()).toEqual([
      'model-fallbacks',
      'prompt-caching',
      'service-metadata',
    ]);
    expect(
      index.without(op, { body, headers: { 'X-Service-Metadata': 'enabled' } }, [
        'model-fallbacks',
        'service-metadata',
      ]),
    ).toEqual({
      body: { model: body.model, metadata: body.metadata, input: body.input },
      headers: {},
    });
  });
});
