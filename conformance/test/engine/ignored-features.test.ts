import { loadContract } from '../../../kit/contract/contract';
import { GENERIC_CHECKS } from '../../checks/generic-checks';
import { expectServiceMetadata } from '../../checks/service-metadata-present';
import { expectStatus } from '../../checks/status-matches-rule';
import { createCheckContext } from '../../engine/check-context';
import { evaluateExchange } from '../../engine/evaluate-exchange';
import { Recorder } from '../../engine/recorder';
import type { Expectation, RequestSpec } from '../../engine/types';
import { featureMatrix } from '../../report/feature-matrix';
import { cannedExchange } from '../support/canned';
import { mockTargetConfig } from '../support/suite-harness';

const contract = loadContract();
const ctx = createCheckContext(contract);
const found = ctx.operations.get('createResponse');
if (!found) throw new Error('createResponse missing from the spec');
const op = found;
const result = contract.at<Record<string, unknown>>(
  '#/paths/~1responses/post/responses/200/content/application~1json/examples/text/value',
);
const badPlugin = { model: 'openai/gpt-4o', input: 'Hi', plugins: [{ id: 'no-such-plugin' }] };
const wants400 = expectStatus({ rule: 'createResponse 400', statuses: [400], because: 'the plugin is unknown' });
const optIn = { 'X-Service-Metadata': 'enabled' };
const withMetadata = expectServiceMetadata('X-Service-Metadata', '#/components/schemas/ServiceMetadata');

function failuresOf(request: Partial<RequestSpec>, status: number, body: unknown, expectations: Expectation[]) {
  const recorder = new Recorder();
  const exchange = cannedExchange(op, { status, contentType: 'application/json', body, request });
  evaluateExchange(exchange, GENERIC_CHECKS, expectations, ctx, recorder, { keys: {} });
  return recorder.results;
}

const summary = (results: ReturnType<typeof failuresOf>) =>
  results.flatMap((r) => (r.failure ? [[r.failure.check, r.failure.features, r.failure.ignored ?? false]] : []));

describe('telling an ignored feature from a broken one', () => {
  it('finds a 200 to a request whose plugin is invalid only ignores plugins', () => {
    const results = failuresOf({ body: badPlugin }, 200, result, [wants400]);
    expect(summary(results)).toEqual([['status-matches-rule', ['plugins'], true]]);
  });

  it('finds a 500 to the same request acts on plugins, wrongly', () => {
    const results = failuresOf({ body: badPlugin }, 500, { error: { code: 500, message: 'plugin crashed' } }, [
      wants400,
    ]);
    expect(summary(results)).toEqual([['status-matches-rule', ['plugins'], false]]);
  });

  it('finds a result without service_metadata, asked for by the header, only ignores service-metadata', () => {
    const body = { model: 'openai/gpt-4o', input: 'Hi' };
    const results = failuresOf({ body, headers: optIn }, 200, result, [withMetadata]);
    expect(summary(results)).toEqual([['service-metadata-present', ['service-metadata'], true]]);
  });

  it('finds a service_metadata that breaks its schema acts on service-metadata, wrongly', () => {
    const body = { model: 'openai/gpt-4o', input: 'Hi' };
    const results = failuresOf({ body, headers: optIn }, 200, { ...result, service_metadata: { attempt: 'one' } }, [
      withMetadata,
    ]);
    expect(summary(results).map(([, features, ignored]) => [features, ignored])).toContainEqual([
      ['service-metadata'],
      false,
    ]);
  });

  it('puts a failure on a request with no extension member in the core, never ignored', () => {
    const results = failuresOf(
      { body: { model: 'openai/gpt-4o', input: 'Hi' } },
      422,
      { error: { code: 422, message: 'no' } },
      [expectStatus({ rule: 'createResponse 200', statuses: [200], because: 'a plain request succeeds' })],
    );
    expect(summary(results)).toEqual([['status-matches-rule', ['core'], false]]);
  });

  it('charges a generic check failing on a request with extension members to the core, not to those members', () => {
    const plugin = { model: 'openai/gpt-4o', input: 'Hi', plugins: [{ id: 'web' }] };
    const results = failuresOf({ body: plugin }, 200, { ...result, id: 42 }, []);
    const features = results.flatMap((r) => (r.failure ? [r.failure.features] : []));
    expect(features.length).toBeGreaterThan(0);
    for (const one of features) expect(one).toEqual(['core']);
  });

  it('rates a feature partial from its members: modalities works, image_config is dropped', () => {
    const wantsRefusal = expectStatus({
      rule: 'createResponse 400',
      statuses: [400],
      because: 'image_config is no object',
    });
    const results = [
      ...failuresOf({ body: { model: 'openai/gpt-4o', input: 'Hi', modalities: ['text'] } }, 200, result, []),
      ...failuresOf(
        { body: { model: 'openai/gpt-4o', input: 'Hi', modalities: ['text'], image_config: 'square' } },
        200,
        result,
        [wantsRefusal],
      ),
    ];
    expect(summary(results)).toEqual([['status-matches-rule', ['modalities'], true]]);
    expect(results.find((r) => r.failure)?.failure?.members).toEqual(['image_config']);
    const matrix = featureMatrix(
      { config: { ...mockTargetConfig(), baseUrl: 'http://gateway.test/api/v1' }, features: ctx.features },
      results,
    );
    expect(matrix.features.find((f) => f.id === 'modalities')).toMatchObject({
      status: 'partial',
      working: ['modalities'],
      notWorking: ['image_config'],
    });
  });

  it.each([
    ['supported', 200, result, []],
    ['unsupported', 200, result, [wants400]],
    ['broken', 500, { error: { code: 500, message: 'plugin crashed' } }, [wants400]],
  ] as const)('rates plugins %s from its verdicts', (status, answer, body, expectations) => {
    const results = failuresOf({ body: badPlugin }, answer, body, [...expectations]);
    const matrix = featureMatrix(
      { config: { ...mockTargetConfig(), baseUrl: 'http://gateway.test/api/v1' }, features: ctx.features },
      results,
    );
    expect(matrix.features.find((f) => f.id === 'plugins')?.status).toBe(status);
    expect(matrix.features.find((f) => f.id === 'trace')?.status).toBe('not tested');
  });
});
