/**
 * Without the tokenizer's ranks (the browser build, until `tokenRanks` loads them) counts are a
 * close estimate, made by the same functions; once the ranks are given, they are exact, texts
 * counted before included.
 */
import type { RankedToken } from '../../../../src/core/token-counter';
import { createTokenCounter } from '../../../../src/operations/create-response/tokens/count-tokens';
import { estimatePieces } from '../../../../src/operations/create-response/tokens/estimate-tokens';
import { packageO200kRanks } from '../../../../src/runtimes/node/o200k-ranks';
import { ESTIMATED_TOKENS } from '../../../helpers/token-counters';

describe('token counts without the ranks', () => {
  it.each<[string, { text: string; want: number }]>([
    ['a greeting', { text: 'Hello! How can I help you today?', want: 9 }],
    ['a tool result', { text: 'get_weather returned {"celsius":21}.', want: 9 }],
    ['digits, in runs of three', { text: 'x 12345', want: 4 }],
  ])('estimates %s as o200k counts it', (_name, { text, want }) => {
    expect(estimatePieces(text)).toHaveLength(want);
    expect(ESTIMATED_TOKENS.countTokens(text)).toBe(want);
  });

  it.each(['Héllo 👋🏽 world, 日本語のテキスト.', 'a\ud800b', '  spaced\n\nlines  ', 'x'.repeat(50)])(
    'splits %j into pieces that join back to the text',
    (text) => {
      const pieces = ESTIMATED_TOKENS.splitTokens(text);
      expect(pieces.map((piece) => piece.text).join('')).toBe(text);
      expect(ESTIMATED_TOKENS.countTokens(text)).toBe(pieces.at(-1)?.end);
    },
  );

  it('counts a long word as several tokens', () => {
    expect(ESTIMATED_TOKENS.countTokens('a'.repeat(60))).toBe(10);
  });

  it('cuts at a piece boundary within the budget', () => {
    expect(ESTIMATED_TOKENS.truncateToTokens('Hello! How can I help you today?', 3)).toEqual({
      text: 'Hello! How',
      tokens: 3,
      truncated: true,
    });
  });

  it('counts exactly once the ranks are there, texts counted before included', () => {
    let ranks: readonly RankedToken[] | undefined = undefined;
    const tokens = createTokenCounter(() => ranks);
    const text = 'antidisestablishmentarianism';
    expect(tokens.countTokens(text)).toBe(5);
    expect(tokens.countTokens(text)).toBe(5);
    ranks = packageO200kRanks();
    expect(tokens.countTokens(text)).not.toBe(5);
    expect(tokens.countTokens('Hello world')).toBe(2);
    expect(ESTIMATED_TOKENS.countTokens(text)).toBe(5);
  });
});
