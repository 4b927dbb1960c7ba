/**
 * Without the tokenizer's ranks (the browser build, until `tokenRanks` loads them) counts are a
 * close estimate, made by the same functions; once the ranks are given, they are exact, texts
 * counted before included. Each test runs in a module registry of its own: the ranks source is
 * once per process.
 */
import type * as CountTokensModule from '../../../../src/operations/create-response/tokens/count-tokens';
import { estimatePieces } from '../../../../src/operations/create-response/tokens/estimate-tokens';
import type * as RanksSourceModule from '../../../../src/operations/create-response/tokens/ranks-source';
import { loadO200kRanks } from '../../../../src/runtimes/node/o200k-ranks';

function isolated(): { tokens: typeof CountTokensModule; ranks: typeof RanksSourceModule } {
  let loaded: { tokens: typeof CountTokensModule; ranks: typeof RanksSourceModule } | undefined;
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports -- modules of the isolated registry */
    loaded = {
      tokens: require('../../../../src/operations/create-response/tokens/count-tokens') as typeof CountTokensModule,
      ranks: require('../../../../src/operations/create-response/tokens/ranks-source') as typeof RanksSourceModule,
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  return loaded!;
}

describe('token counts without the ranks', () => {
  it.each<[string, { text: string; want: number }]>([
    ['a greeting', { text: 'Hello! How can I help you today?', want: 9 }],
    ['a tool result', { text: 'get_weather returned {"celsius":21}.', want: 9 }],
    ['digits, in runs of three', { text: 'x 12345', want: 4 }],
  ])('estimates %s as o200k counts it', (_name, { text, want }) => {
    expect(estimatePieces(text)).toHaveLength(want);
    expect(isolated().tokens.countTokens(text)).toBe(want);
  });

  it.each(['Héllo 👋🏽 world, 日本語のテキスト.', 'a\ud800b', '  spaced\n\nlines  ', 'x'.repeat(50)])(
    'splits %j into pieces that join back to the text',
    (text) => {
      const { tokens } = isolated();
      const pieces = tokens.splitTokens(text);
      expect(pieces.map((piece) => piece.text).join('')).toBe(text);
      expect(tokens.countTokens(text)).toBe(pieces.at(-1)?.end);
    },
  );

  it('counts a long word as several tokens', () => {
    expect(isolated().tokens.countTokens('a'.repeat(60))).toBe(10);
  });

  it('cuts at a piece boundary within the budget', () => {
    expect(isolated().tokens.truncateToTokens('Hello! How can I help you today?', 3)).toEqual({
      text: 'Hello! How',
      tokens: 3,
      truncated: true,
    });
  });

  it('counts exactly once the ranks load, texts counted before included', async () => {
    const { tokens, ranks } = isolated();
    const text = 'antidisestablishmentarianism';
    expect(tokens.countTokens(text)).toBe(5);
    await ranks.provideO200kRanksLater(() => Promise.resolve({ default: loadO200kRanks() }));
    expect(tokens.countTokens(text)).not.toBe(5);
    expect(tokens.countTokens('Hello world')).toBe(2);
  });
});
