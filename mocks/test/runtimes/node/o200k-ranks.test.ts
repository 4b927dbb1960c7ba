import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import libraryRanks from 'gpt-tokenizer/bpeRanks/o200k_base';
import * as libraryEncoding from 'gpt-tokenizer/encoding/o200k_base';
import { loadO200kRanks, packageO200kRanks } from '../../../src/runtimes/node/o200k-ranks';
import { createTokenCounter } from '../../../src/operations/create-response/tokens/count-tokens';

describe('o200k_base ranks read from the .tiktoken data', () => {
  const ranks = loadO200kRanks();
  const { countTokens, splitTokens } = createTokenCounter(() => ranks);

  it("equal the library's own table entry for entry, text and byte tokens alike", () => {
    expect(ranks.length).toBe(libraryRanks.length);
    const differing = ranks.flatMap((token, rank) =>
      JSON.stringify(token) === JSON.stringify(libraryRanks[rank]) ? [] : [rank],
    );
    expect(differing).toEqual([]);
    // Both kinds occur, so the comparison above covered the decoding and the byte fallback.
    expect(ranks.some((token) => Array.isArray(token))).toBe(true);
    expect(ranks.filter((token) => typeof token === 'string').length).toBeGreaterThan(190_000);
  });

  it.each([
    'Once upon a time, in a valley between two quiet rivers.',
    '\ufeffusing System; // a leading byte-order mark',
    'Grüße aus Köln — 你好，世界 🌍🚀 mixed scripts',
    '{"type":"function_call","arguments":"{\\"city\\":\\"Paris\\"}"}',
  ])("count and split %j exactly as the library's encoding does", (text) => {
    expect(countTokens(text)).toBe(libraryEncoding.countTokens(text));
    expect(
      splitTokens(text)
        .map((piece) => piece.end)
        .at(-1),
    ).toBe(libraryEncoding.encode(text).length);
  });

  it('are read once per process for every node mock, on the first exact count', () => {
    expect(packageO200kRanks()).toBe(packageO200kRanks());
    expect(packageO200kRanks()).toEqual(ranks);
  });

  it('names the file and the place of a line it cannot read', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ranks-')), 'broken.tiktoken');
    writeFileSync(file, 'IQ== 0\nIg== one\n');
    expect(() => loadO200kRanks(file)).toThrow(`${file}: bad rank on the line starting at 7`);
  });
});
