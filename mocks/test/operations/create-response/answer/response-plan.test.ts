import { responseIds } from '../../../../src/operations/create-response/answer/ids';
import type { Made, PlanInputs } from '../../../../src/operations/create-response/answer/response-plan';
import { responsePlan } from '../../../../src/operations/create-response/answer/response-plan';
import type { ResponseRequest } from '../../../../src/operations/create-response/answer/response-types';
import { loadFixtures } from '../../../../src/runtimes/node/load-fixtures/load-fixtures';
import { GatewayError } from '../../../../src/exchange/gateway-error';
import { Catalog } from '../../../../src/core/state/catalog';
import { SPEC_FACTS } from '../../../helpers/spec-facts';
import { EXACT_TOKENS } from '../../../helpers/token-counters';

const fixtures = loadFixtures();
const catalog = new Catalog(fixtures.models, SPEC_FACTS.apiBasePath);
const inputs = (body: ResponseRequest, own = catalog): PlanInputs => ({
  body,
  fixtures,
  catalog: own,
  defaults: SPEC_FACTS.defaults,
  tokens: EXACT_TOKENS,
});
const body = (): ResponseRequest => ({ model: 'openai/gpt-4o', input: 'Hello' });

function made(sequence: number): Made {
  let n = sequence;
  return {
    ids: responseIds({ nextResponseNumber: () => n++ }, 1_700_000_000),
    createdAt: 1_700_000_000,
    serviceMetadata: undefined,
  };
}

describe('response plans', () => {
  it('are made once per body object when reused, and afresh every time when not', () => {
    const same = body();
    const first = responsePlan(inputs(same), true);
    expect(responsePlan(inputs(same), true)).toBe(first);
    expect(first.uses).toBe(2);
    expect(responsePlan(inputs(body()), true)).not.toBe(first);
    expect(responsePlan(inputs(same), false)).not.toBe(first);
  });

  it("are not shared with another mock's catalog", () => {
    const same = body();
    const first = responsePlan(inputs(same), true);
    const other = new Catalog(fixtures.models, SPEC_FACTS.apiBasePath);
    expect(responsePlan(inputs(same, other), true)).not.toBe(first);
  });

  it('serialize the result from a template from the second use on, to the bytes of the ordinary result', () => {
    const same = body();
    const plan = responsePlan(inputs(same), true);
    const built = plan.json(made(5));
    expect('result' in built).toBe(true);
    responsePlan(inputs(same), true);
    const filled = plan.json(made(5));
    expect('json' in filled && filled.json).toBe('result' in built && JSON.stringify(built.result));
    expect(filled.outputTokens).toBe(built.outputTokens);
  });

  it('throw what the ordinary path throws, and keep nothing of a body that fails', () => {
    const unknown: ResponseRequest = { model: 'acme/ghost', input: 'Hello' };
    expect(() => responsePlan(inputs(unknown), true)).toThrow(GatewayError);
    expect(() => responsePlan(inputs(unknown), true)).toThrow('acme/ghost is not a valid model ID');
  });
});
