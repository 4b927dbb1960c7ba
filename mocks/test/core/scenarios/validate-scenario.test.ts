import { loadContract } from '../../../../kit/contract/contract';
import { listOperations } from '../../../../kit/contract/operations';
import { GatewayError } from '../../../src/exchange/gateway-error';
import { scenarioOperations, validateScenario } from '../../../src/core/scenarios/validate-scenario';

const operations = scenarioOperations(listOperations(loadContract()));

function problem(value: unknown): string {
  try {
    validateScenario(value, operations);
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).status).toBe(400);
    return (err as GatewayError).message;
  }
  throw new Error('the scenario was accepted');
}

const respond429 = { status: 429, headers: { 'retry-after': '0' } };

describe('validateScenario', () => {
  it.each([
    ['the example of the docs', { match: { operation: 'createResponse' }, times: 1, respond: respond429 }],
    ['a sequence of steps', { match: { operation: 'createResponse' }, steps: [{ status: 500 }, { status: 503 }, {}] }],
    [
      'a stream cut',
      { match: { operation: 'createResponse', stream: true }, respond: { cut: { afterTokens: 3, end: 'drop' } } },
    ],
    ['a network failure', { match: { operation: 'getModel' }, respond: { network: 'reset', latencyMs: 5 } }],
    [
      'a 200 with its own body',
      { match: { operation: 'listEmbeddingsModels' }, respond: { status: 200, body: { data: [] } } },
    ],
    [
      'a header match',
      { match: { operation: 'listEmbeddingsModels', headers: { 'X-Test': 'a' } }, respond: { status: 503 } },
    ],
  ])('accepts %s', (_name, scenario) => {
    expect(validateScenario(scenario, operations)).toEqual(scenario);
  });

  it.each([
    ['a status out of range', { match: { operation: 'createResponse' }, respond: { status: 700 } }, '/respond/status'],
    ['an unknown step field', { match: { operation: 'createResponse' }, respond: { stauts: 429 } }, '"stauts"'],
    ['no match', { respond: { status: 429 } }, '"match"'],
    [
      'an unknown operation',
      { match: { operation: 'createRespons' }, respond: respond429 },
      '/match/operation names no operation "createRespons"',
    ],
    [
      'both respond and steps',
      { match: { operation: 'createResponse' }, respond: respond429, steps: [respond429] },
      'not both',
    ],
    ['neither respond nor steps', { match: { operation: 'createResponse' } }, 'not both and not neither'],
    ['times of 0', { match: { operation: 'createResponse' }, times: 0, respond: respond429 }, '/times'],
    [
      'a body match on an operation without one',
      { match: { operation: 'getModel', model: 'a/b' }, respond: respond429 },
      '/match/model',
    ],
    [
      'a cut on an operation that does not stream',
      { match: { operation: 'listEmbeddingsModels' }, respond: { cut: { afterTokens: 1 } } },
      '/respond/cut applies only to streamed answers',
    ],
    [
      'a status with a network failure',
      { match: { operation: 'listEmbeddingsModels' }, steps: [{ status: 500, network: 'reset' }] },
      '/steps/0/network',
    ],
    [
      'headers without a status',
      { match: { operation: 'listEmbeddingsModels' }, respond: { headers: { a: 'b' } } },
      '/respond/headers',
    ],
    [
      'a 200 without a body',
      { match: { operation: 'listEmbeddingsModels' }, respond: { status: 200 } },
      '/respond/body is required',
    ],
    [
      'a header value with a line break',
      { match: { operation: 'listEmbeddingsModels' }, respond: { status: 429, headers: { a: 'b\r\nc' } } },
      '/respond/headers/a',
    ],
    [
      'a pacing change with a status',
      { match: { operation: 'createResponse' }, respond: { status: 429, tokensPerSecond: 5 } },
      '/respond/tokensPerSecond',
    ],
  ])('refuses %s with a 400 naming the field', (_name, scenario, named) => {
    expect(problem(scenario)).toContain(named);
  });
});
