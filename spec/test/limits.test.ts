/**
 * Every limit the contract states is a schema keyword of spec/openapi.yaml, so validators and checks
 * derive it from the document instead of repeating numbers in code.
 */
import { loadContract } from '../../kit/contract/contract';

const contract = loadContract();
const S = '#/components/schemas';
const P = '#/components/parameters';

// [limit, JSON pointer of the schema, keyword, value]
const LIMITS: ReadonlyArray<readonly [string, string, string, unknown]> = [
  ['session_id length', `${S}/ResponseRequest/properties/session_id`, 'maxLength', 256],
  ['x-session-id header length', `${P}/XSessionId/schema`, 'maxLength', 256],
  ['user length', `${S}/ResponseRequest/properties/user`, 'maxLength', 256],
  ['metadata pairs', `${S}/RequestMetadata`, 'maxProperties', 16],
  ['metadata key length', `${S}/RequestMetadata/propertyNames`, 'maxLength', 64],
  ['metadata value type', `${S}/RequestMetadata/additionalProperties`, 'type', 'string'],
  ['metadata value length', `${S}/RequestMetadata/additionalProperties`, 'maxLength', 512],
  ['auto-router cost_quality_tradeoff min', `${S}/AutoRouterPlugin/properties/cost_quality_tradeoff`, 'minimum', 0],
  ['auto-router cost_quality_tradeoff max', `${S}/AutoRouterPlugin/properties/cost_quality_tradeoff`, 'maximum', 10],
  [
    'auto-beta-router cost_quality_tradeoff min',
    `${S}/AutoBetaRouterPlugin/properties/cost_quality_tradeoff`,
    'minimum',
    0,
  ],
  [
    'auto-beta-router cost_quality_tradeoff max',
    `${S}/AutoBetaRouterPlugin/properties/cost_quality_tradeoff`,
    'maximum',
    10,
  ],
  ['pareto-router min_coding_score min', `${S}/ParetoRouterPlugin/properties/min_coding_score`, 'minimum', 0],
  ['pareto-router min_coding_score max', `${S}/ParetoRouterPlugin/properties/min_coding_score`, 'maximum', 1],
  ['fusion analysis_models min items', `${S}/FusionPlugin/properties/analysis_models`, 'minItems', 1],
  ['fusion analysis_models max items', `${S}/FusionPlugin/properties/analysis_models`, 'maxItems', 8],
  ['fusion max_tool_calls min', `${S}/FusionPlugin/properties/max_tool_calls`, 'minimum', 1],
  ['fusion max_tool_calls max', `${S}/FusionPlugin/properties/max_tool_calls`, 'maximum', 16],
  ['fusion max_tool_calls default', `${S}/FusionPlugin/properties/max_tool_calls`, 'default', 8],
  ['fusion tools max items', `${S}/FusionPlugin/properties/tools`, 'maxItems', 8],
  ['limit min', `${P}/Limit/schema`, 'minimum', 1],
  ['limit max', `${P}/Limit/schema`, 'maximum', 1000],
  ['offset min', `${P}/Offset/schema`, 'minimum', 0],
  ['key_hashes min items', `${S}/UnassignKeysRequest/properties/key_hashes`, 'minItems', 1],
  ['key_hashes item length', `${S}/UnassignKeysRequest/properties/key_hashes/items`, 'minLength', 1],
];

describe('the limits of the request schemas', () => {
  it.each(LIMITS)('%s is %s.%s = %p', (_name, pointer, keyword, value) => {
    expect(contract.at<Record<string, unknown>>(pointer)[keyword]).toEqual(value);
  });

  it.each([
    ['a plain key', 'team', true],
    ['a key with an opening bracket', 'a[0', false],
    ['a key with a closing bracket', 'b]', false],
    ['a key with both brackets', 'tags[]', false],
  ] as const)('metadata key pattern accepts %s: %p', (_name, key, want) => {
    const validate = contract.validator(`${S}/RequestMetadata`);
    expect(validate({ [key]: 'v' })).toBe(want);
  });

  it('rejects metadata one pair past maxProperties and accepts it at the limit', () => {
    const max = contract.at<number>(`${S}/RequestMetadata/maxProperties`);
    const pairs = (n: number): Record<string, string> =>
      Object.fromEntries(Array.from({ length: n }, (_v, i) => [`k${i}`, 'v']));
    const validate = contract.validator(`${S}/RequestMetadata`);
    expect(validate(pairs(max))).toBe(true);
    expect(validate(pairs(max + 1))).toBe(false);
  });

  it('rejects metadata keys and values one character past their limits', () => {
    const keyMax = contract.at<number>(`${S}/RequestMetadata/propertyNames/maxLength`);
    const valueMax = contract.at<number>(`${S}/RequestMetadata/additionalProperties/maxLength`);
    const validate = contract.validator(`${S}/RequestMetadata`);
    expect(validate({ ['k'.repeat(keyMax)]: 'v'.repeat(valueMax) })).toBe(true);
    expect(validate({ ['k'.repeat(keyMax + 1)]: 'v' })).toBe(false);
    expect(validate({ k: 'v'.repeat(valueMax + 1) })).toBe(false);
  });
});
