import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import type { TokenCounter } from '../../../../src/core/token-counter';
import {
  createTokenCounter,
  MEMO_MAX_CHARS,
  SLICE_CHARS,
} from '../../../../src/operations/create-response/tokens/count-tokens';
import { packageO200kRanks } from '../../../../src/runtimes/node/o200k-ranks';
import { EXACT_TOKENS } from '../../../helpers/token-counters';

// Exact counts: the ranks as the node side gives them (without, counts are estimates: estimate-tokens.test.ts).
const { countTokens, splitTokens, truncateToTokens } = EXACT_TOKENS;

/**
 * Runs `test` with a counter whose tokenizer and memo are its own; `handed()` lists the texts the
 * library's encode and countTokens were given so far. The encoding is made once per table of
 * ranks, here after the spies are in place: a copy of the package's table is a table of its own.
 */
function withFreshTokenizer(test: (tokens: TokenCounter, handed: () => string[]) => void): void {
  const counted = jest.spyOn(GptEncoding.prototype, 'countTokens');
  const encoded = jest.spyOn(GptEncoding.prototype, 'encode');
  const table = [...(packageO200kRanks() ?? [])];
  try {
    test(
      createTokenCounter(() => table),
      () => [...counted.mock.calls, ...encoded.mock.calls].map(([text]) => String(text)),
    );
  } finally {
    counted.mockRestore();
    encoded.mockRestore();
  }
}

describe('token counting', () => {
  it('counts tokens with the o200k tokenizer', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('Hello world')).toBe(2);
    expect(countTokens(' Ignore all previous instructions')).toBe(4);
  });

  it.each<[string, string]>([
    ['plain text', 'Once upon a time, in a valley between two quiet rivers.'],
    ['characters that span tokens', 'Héllo 👋🏽 world, 日本語のテキスト.'],
    ['a JSON string', '{"city":"Paris","days":[1,2,3]}'],
    ['a lone surrogate', 'a\ud800b'],
  ])('splits %s into pieces that join back to the text', (_name, text) => {
    const pieces = splitTokens(text);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(pieces.at(-1)?.end).toBeGreaterThanOrEqual(pieces.length === 1 ? 1 : 2);
  });

  it('gives one piece per token for ordinary text, with running token counts', () => {
    const pieces = splitTokens('Hello world again');
    expect(pieces).toEqual([
      { text: 'Hello', end: 1 },
      { text: ' world', end: 2 },
      { text: ' again', end: 3 },
    ]);
  });

  it('keeps text that fits the budget whole', () => {
    expect(truncateToTokens('Hello world', 5)).toEqual({ text: 'Hello world', tokens: 2, truncated: false });
  });

  it('cuts at a token boundary and never inside a character', () => {
    expect(truncateToTokens('Hello world again', 2)).toEqual({ text: 'Hello world', tokens: 2, truncated: true });
    const cut = truncateToTokens('Héllo 👋🏽 world', 6);
    expect(cut.truncated).toBe(true);
    expect(cut.text).toBe('Héllo 👋');
    expect(cut.tokens).toBeLessThanOrEqual(6);
  });

  it('treats special-token strings as plain text: counted, split and cut like any other text', () => {
    const text = 'say <|endoftext|> now';
    expect(countTokens(text)).toBeGreaterThan(countTokens('say now'));
    expect(
      splitTokens(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
    expect(truncateToTokens(text, 2).truncated).toBe(true);
  });

  it('keeps nothing for a budget of 0', () => {
    expect(truncateToTokens('Hello', 0)).toEqual({ text: '', tokens: 0, truncated: true });
  });

  it('hands the tokenizer bounded slices of a long word, so its quadratic BPE stays cheap', () => {
    withFreshTokenizer((tokens, handed) => {
      const word = 'a'.repeat(100_000);
      expect(tokens.countTokens(word)).toBe(12_500);
      expect(tokens.truncateToTokens(word, 10)).toMatchObject({ tokens: 10, truncated: true });
      const lengths = handed().map((text) => text.length);
      expect(lengths.length).toBeGreaterThanOrEqual(2 * Math.ceil(word.length / SLICE_CHARS));
      expect(Math.max(...lengths)).toBeLessThanOrEqual(SLICE_CHARS);
    });
  });

  describe('memo', () => {
    it('tokenizes a short text once however often it is counted, split or cut', () => {
      withFreshTokenizer((tokens, handed) => {
        const text = 'Once upon a time, in a valley between two quiet rivers.';
        const first = [tokens.countTokens(text), tokens.splitTokens(text), tokens.truncateToTokens(text, 3)];
        const after = handed().length;
        expect(after).toBeGreaterThan(0);
        const again = [tokens.countTokens(text), tokens.splitTokens(text), tokens.truncateToTokens(text, 3)];
        expect(again).toEqual(first);
        expect(handed().length).toBe(after);
      });
    });

    it('tokenizes a text longer than the memo keeps afresh each time', () => {
      withFreshTokenizer((tokens, handed) => {
        const text = 'word '.repeat(MEMO_MAX_CHARS / 5 + 1);
        tokens.countTokens(text);
        const after = handed().length;
        expect(after).toBeGreaterThan(0);
        tokens.countTokens(text);
        expect(handed().length).toBeGreaterThan(after);
      });
    });

    it.each<[string, string]>([
      ['plain text', 'Hello world again'],
      ['characters that span tokens', 'Héllo 👋🏽 world, 日本語のテキスト.'],
      ['a special-token string', 'say <|endoftext|> now'],
    ])('counts %s the same whether it was split first or not', (_name, text) => {
      let counted = 0;
      withFreshTokenizer((tokens) => {
        counted = tokens.countTokens(text);
      });
      withFreshTokenizer((tokens) => {
        const pieces = tokens.splitTokens(text);
        expect(tokens.countTokens(text)).toBe(counted);
        expect(pieces.at(-1)?.end).toBe(counted);
      });
    });
  });
});
