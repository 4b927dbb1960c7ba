import type { RankedToken } from './rank-types';

/** Where the o200k_base ranks come from; read once, on the first count. */
let source: (() => RankedToken[]) | undefined;

/**
 * Sets where the ranks are read from, once per process (the first one given wins: the table is
 * the same whatever its source). The node side gives the package's `.tiktoken` data file, which
 * costs less memory than the JavaScript module (see o200k-ranks.ts).
 */
export function provideO200kRanks(load: () => RankedToken[]): void {
  source ??= load;
}

/**
 * The ranks: from the source given, else from gpt-tokenizer's own JavaScript module of them,
 * which any bundler packs and any runtime (a browser, a service worker) loads without a file.
 */
export function o200kRanks(): RankedToken[] {
  if (source) return source();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- read on first count only: it is 2.4 MB of JavaScript
  return (require('gpt-tokenizer/bpeRanks/o200k_base') as { default: RankedToken[] }).default;
}
