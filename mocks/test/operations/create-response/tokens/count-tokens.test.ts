import type * as GptEncodingModule from 'gpt-tokenizer/GptEncoding';
import type * as CountTokensModule from '../../../../src/operations/create-response/tokens/count-tokens';
import {
  countTokens,
  MEMO_MAX_CHARS,
  SLICE_CHARS,
  splitTokens,
  truncateToTokens,
} from '../../../../src/operations/create-response/tokens/count-tokens';
import { loadO200kRanks } from '../../../../src/runtimes/node/o200k-ranks';
import * as RanksSourceModule from '../../../../src/operations/create-response/tokens/ranks-source';

// Exact counts: the ranks as the node side gives them (without, counts are estimates: estimate-tokens.test.ts).
RanksSourceModule.provideO200kRanks(() => loadO200kRanks());

/** The same in an isolated registry, whose ranks source is a module of its own. */
function provideRanksHere(): void {
  const source = // eslint-disable-next-line @typescript-eslint/no-require-imports -- the isolated registry's module
    require('../../../../src/operations/create-response/tokens/ranks-source') as typeof RanksSourceModule;
  source.provideO200kRanks(() => loadO200kRanks());
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
    // A fresh module registry: the tokenizer instance is made after the spies are in place.
    jest.isolateModules(() => {
      /* eslint-disable @typescript-eslint/no-require-imports -- modules of the isolated registry */
      const { GptEncoding } = require('gpt-tokenizer/GptEncoding') as typeof GptEncodingModule;
      const counted = jest.spyOn(GptEncoding.prototype, 'countTokens');
      const encoded = jest.spyOn(GptEncoding.prototype, 'encode');
      const tokens =
        require('../../../../src/operations/create-response/tokens/count-tokens') as typeof CountTokensModule;
      /* eslint-enable @typescript-eslint/no-require-imports */
      provideRanksHere();
      const word = 'a'.repeat(100_000);
      expect(tokens.countTokens(word)).toBe(12_500);
      expect(tokens.truncateToTokens(word, 10)).toMatchObject({ tokens: 10, truncated: true });
      const lengths = [...counted.mock.calls, ...encoded.mock.calls].map(([text]) => String(text).length);
      expect(lengths.length).toBeGreaterThanOrEqual(2 * Math.ceil(word.length / SLICE_CHARS));
      expect(Math.max(...lengths)).toBeLessThanOrEqual(SLICE_CHARS);
    });
  });

  describe('memo', () => {
    /**
     * Runs `test` with a fresh tokenizer and memo, the library's encode and countTokens counted.
     * Inside the isolated registry: the tokenizer is required lazily, from the registry of the call.
     */
    function isolated(test: (tokens: typeof CountTokensModule, calls: () => number) => void): void {
      jest.isolateModules(() => {
        /* eslint-disable @typescript-eslint/no-require-imports -- modules of the isolated registry */
        const { GptEncoding } = require('gpt-tokenizer/GptEncoding') as typeof GptEncodingModule;
        const counted = jest.spyOn(GptEncoding.prototype, 'countTokens');
        const encoded = jest.spyOn(GptEncoding.prototype, 'encode');
        const tokens =
          require('../../../../src/operations/create-response/tokens/count-tokens') as typeof CountTokensModule;
        /* eslint-enable @typescript-eslint/no-require-imports */
        provideRanksHere();
        test(tokens, () => counted.mock.calls.length + encoded.mock.calls.length);
      });
    }

    it('tokenizes a short text once however often it is counted, split or cut', () => {
      isolated((tokens, calls) => {
        const text = 'Once upon a time, in a valley between two quiet rivers.';
        const first = [tokens.countTokens(text), tokens.splitTokens(text), tokens.truncateToTokens(text, 3)];
        const after = calls();
        expect(after).toBeGreaterThan(0);
        const again = [tokens.countTokens(text), tokens.splitTokens(text), tokens.truncateToTokens(text, 3)];
        expect(again).toEqual(first);
        expect(calls()).toBe(after);
      });
    });

    it('tokenizes a text longer than the memo keeps afresh each time', () => {
      isolated((tokens, calls) => {
        const text = 'word '.repeat(MEMO_MAX_CHARS / 5 + 1);
        tokens.countTokens(text);
        const after = calls();
        expect(after).toBeGreaterThan(0);
        tokens.countTokens(text);
        expect(calls()).toBeGreaterThan(after);
      });
    });

    it.each<[string, string]>([
      ['plain text', 'Hello world again'],
      ['characters that span tokens', 'Héllo 👋🏽 world, 日本語のテキスト.'],
      ['a special-token string', 'say <|endoftext|> now'],
    ])('counts %s the same whether it was split first or not', (_name, text) => {
      let counted = 0;
      isolated((tokens) => {
        counted = tokens.countTokens(text);
      });
      isolated((tokens) => {
        const pieces = tokens.splitTokens(text);
        expect(tokens.countTokens(text)).toBe(counted);
        expect(pieces.at(-1)?.end).toBe(counted);
      });
    });
  });
});
