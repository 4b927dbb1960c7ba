import { mockOptions } from '../../../src/core/options';
import { GatewayError } from '../../../src/exchange/gateway-error';
import { PACES, resolvePacing, tokenIntervalMs } from '../../../src/exchange/stream/pacing';
import { SPEC_FACTS } from '../../helpers/spec-facts';

describe('pacing', () => {
  it('takes request headers over options over fixtures', () => {
    const fixtures = { pacing: { first_token_delay_ms: 1, tokens_per_second: 2 } };
    expect(resolvePacing({}, mockOptions(SPEC_FACTS.apiBasePath), fixtures)).toEqual({
      firstTokenDelayMs: 1,
      tokensPerSecond: 2,
    });
    expect(
      resolvePacing({}, mockOptions(SPEC_FACTS.apiBasePath, { pacing: { tokensPerSecond: 30 } }), fixtures),
    ).toEqual({
      firstTokenDelayMs: 1,
      tokensPerSecond: 30,
    });
    expect(
      resolvePacing(
        { 'x-mock-first-token-delay-ms': '250', 'x-mock-tokens-per-second': '12.5' },
        mockOptions(SPEC_FACTS.apiBasePath, { pacing: { tokensPerSecond: 30 } }),
        fixtures,
      ),
    ).toEqual({ firstTokenDelayMs: 250, tokensPerSecond: 12.5 });
    expect(resolvePacing({}, mockOptions(SPEC_FACTS.apiBasePath), {})).toEqual({
      firstTokenDelayMs: 0,
      tokensPerSecond: 0,
    });
  });

  it('takes a named pace under the pacing options and the headers, over the fixtures', () => {
    const fixtures = { pacing: { first_token_delay_ms: 1, tokens_per_second: 2 } };
    const human = mockOptions(SPEC_FACTS.apiBasePath, { pace: 'human' });
    expect(resolvePacing({}, human, fixtures)).toEqual(PACES.human);
    expect(
      resolvePacing({}, mockOptions(SPEC_FACTS.apiBasePath, { pace: 'human', pacing: { tokensPerSecond: 30 } }), {}),
    ).toEqual({ firstTokenDelayMs: PACES.human.firstTokenDelayMs, tokensPerSecond: 30 });
    expect(resolvePacing({ 'x-mock-first-token-delay-ms': '0' }, human, fixtures)).toEqual({
      firstTokenDelayMs: 0,
      tokensPerSecond: PACES.human.tokensPerSecond,
    });
  });

  it('paces human as a person reads: a wait of a few hundred ms, then fewer than 30 tokens a second', () => {
    expect(PACES.human.firstTokenDelayMs).toBeGreaterThanOrEqual(200);
    expect(PACES.human.tokensPerSecond).toBeGreaterThan(0);
    expect(PACES.human.tokensPerSecond).toBeLessThan(30);
  });

  it('refuses a pace it does not know where the mock is made, naming the ones it knows', () => {
    expect(() => mockOptions(SPEC_FACTS.apiBasePath, { pace: 'slow' as never })).toThrow(
      'Unknown pace "slow": the paces are human',
    );
  });

  it.each(['-1', 'fast', '', '9999999'])('rejects the header value "%s" with 400', (value) => {
    expect(() =>
      resolvePacing(
        { 'x-mock-tokens-per-second': value, 'x-mock-first-token-delay-ms': value },
        mockOptions(SPEC_FACTS.apiBasePath),
        {},
      ),
    ).toThrow(GatewayError);
  });

  it('spaces tokens 1/tokensPerSecond apart, and not at all for 0', () => {
    expect(tokenIntervalMs({ firstTokenDelayMs: 0, tokensPerSecond: 4 })).toBe(250);
    expect(tokenIntervalMs({ firstTokenDelayMs: 0, tokensPerSecond: 0 })).toBe(0);
  });
});
