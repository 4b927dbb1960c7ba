import { comparePatterns } from '../pattern-containment';
import type { PatternMove } from '../pattern-containment';

/** The pattern shapes spec/openapi.yaml uses (UsdAmount, DecimalString, ModelArchitecture.modality, RequestMetadata keys). */
const USD = '^(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)$';

describe('pattern containment', () => {
  const cases: Array<[string, { given: [before: string, after: string]; want: PatternMove | undefined }]> = [
    ['the same pattern written with \\d is the same', { given: [USD, USD.replace('[0-9]+', '\\d+')], want: 'same' }],
    [
      'an alternative added widens',
      { given: [USD, '^(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+|[0-9]+e[0-9]+)$'], want: 'widens' },
    ],
    ['a class that allows more widens', { given: [USD, '^[0-9.]+$'], want: 'widens' }],
    ['a bounded count of decimals narrows', { given: [USD, '^[0-9]+(?:\\.[0-9]{1,6})?$'], want: 'narrows' }],
    ['the minus sign dropped narrows', { given: ['^-?[0-9]+(\\.[0-9]+)?$', '^[0-9]+(\\.[0-9]+)?$'], want: 'narrows' }],
    ['+ relaxed to * widens', { given: ['^.+->.+$', '^.+->.*$'], want: 'widens' }],
    ['a negated class that excludes more narrows', { given: ['^[^\\[\\]]*$', '^[^\\[\\]{}]*$'], want: 'narrows' }],
    ['an unanchored pattern anchored narrows', { given: ['abc', '^abc$'], want: 'narrows' }],
    ['disjoint languages move both ways', { given: ['^[a-z]+$', '^[0-9]+$'], want: 'both' }],
    ['a lookahead is not decided', { given: [USD, '^(?=\\d)[0-9.]+$'], want: undefined }],
    ['a back-reference is not decided', { given: ['^(a)\\1$', '^aa$'], want: undefined }],
  ];

  it.each(cases)('finds that %s', (_name, { given, want }) => {
    expect(comparePatterns(...given)).toBe(want);
  });
});
