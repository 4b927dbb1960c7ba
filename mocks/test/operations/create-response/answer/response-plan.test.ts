import { responseIds } from '../../../../src/operations/create-response/answer/ids';
import type { Made, PlanInputs, ResponsePlan } from '../../../../src/operations/create-response/answer/response-plan';
import { responsePlan } from '../../../../src/operations/create-response/answer/response-plan';
import type { ResponseRequest, ResponseResult } from '../../../../src/operations/create-response/answer/response-types';
import { loadFixtures } from '../../../../src/fixture-loading/load-fixtures';
import { GatewayError } from '../../../../src/exchange/gateway-error';
import { Catalog } from '../../../../src/core/state/catalog';
import { SPEC_FACTS } from '../../../helpers/spec-facts';
import { ESTIMATED_TOKENS, EXACT_TOKENS } from '../../../helpers/token-counters';
import type { RankedToken, TokenCounter } from '../../../../src/core/token-counter';
import { createTokenCounter } from '../../../../src/operations/create-response/tokens/count-tokens';
import { packageO200kRanks } from '../../../../src/runtimes/node/o200k-ranks';

const fixtures = loadFixtures();
const catalog = new Catalog(fixtures.models, SPEC_FACTS.apiBasePath);
const inputs = (body: ResponseRequest, own = catalog, tokens: TokenCounter = EXACT_TOKENS): PlanInputs => ({
  body,
  fixtures,
  catalog: own,
  defaults: SPEC_FACTS.defaults,
  tokens,
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

  it("are not shared with another mock's token counter", () => {
    const same = body();
    const first = responsePlan(inputs(same), true);
    expect(responsePlan(inputs(same, catalog, ESTIMATED_TOKENS), true)).not.toBe(first);
  });

  it('make their template again once the counts turn exact, the ranks loaded after it was made', () => {
    let ranks: readonly RankedToken[] | undefined = undefined;
    const tokens = createTokenCounter(() => ranks);
    const same: ResponseRequest = { model: 'openai/gpt-4o', input: 'antidisestablishmentarianism' };
    const usage = (answer: ReturnType<ResponsePlan['json']>) =>
      (
        JSON.parse(
          'json' in answer ? new TextDecoder().decode(answer.json) : JSON.stringify(answer.result),
        ) as ResponseResult
      ).usage;
    const plan = responsePlan(inputs(same, catalog, tokens), true);
    plan.json(made(1));
    responsePlan(inputs(same, catalog, tokens), true);
    expect(usage(plan.json(made(2)))?.input_tokens).toBe(ESTIMATED_TOKENS.countTokens(same.input as string));
    ranks = packageO200kRanks();
    expect(responsePlan(inputs(same, catalog, tokens), true)).toBe(plan);
    const exact = plan.json(made(3));
    expect('json' in exact).toBe(true);
    expect(usage(exact)?.input_tokens).toBe(EXACT_TOKENS.countTokens(same.input as string));
  });

  it('serialize the result from a template from the second use on, to the bytes of the ordinary result', () => {
    const same = body();
    const plan = responsePlan(inputs(same), true);
    const built = plan.json(made(5));
    expect('result' in built).toBe(true);
    responsePlan(inputs(same), true);
    const filled = plan.json(made(5));
    expect('json' in filled && Buffer.from(filled.json)).toEqual(
      'result' in built && Buffer.from(JSON.stringify(built.result)),
    );
    expect(filled.outputTokens).toBe(built.outputTokens);
  });

  it('throw what the ordinary path throws, and keep nothing of a body that fails', () => {
    const unknown: ResponseRequest = { model: 'acme/ghost', input: 'Hello' };
    expect(() => responsePlan(inputs(unknown), true)).toThrow(GatewayError);
    expect(() => responsePlan(inputs(unknown), true)).toThrow('acme/ghost is not a valid model ID');
  });
});
