import type { RankedToken } from './rank-types';

/** Where the o200k_base ranks come from; read once, on the first exact count. */
let source: (() => RankedToken[]) | undefined;
let loading: Promise<void> | undefined;

/** A module of the ranks as `import('gpt-tokenizer/bpeRanks/o200k_base')` gives it, or the table itself. */
export type O200kRanksModule = { readonly default: RankedToken[] } | RankedToken[];

/**
 * Sets where the ranks are read from, once per process (the first one given wins: the table is
 * the same whatever its source). The node side gives the package's `.tiktoken` data file, which
 * costs less memory than the JavaScript module (see o200k-ranks.ts).
 */
export function provideO200kRanks(load: () => RankedToken[]): void {
  source ??= load;
}

/**
 * Starts loading the ranks from `load` (a bundler's dynamic import, a fetch of a URL): counts are
 * estimates until it resolves, exact after. The browser build takes no ranks of its own: they are
 * 2.7 MB of a 3.5 MB bundle, so a page or a test pays for them only when it asks.
 */
export function provideO200kRanksLater(load: () => Promise<O200kRanksModule>): Promise<void> {
  if (source) return Promise.resolve();
  loading ??= load().then((loaded) => {
    const ranks = Array.isArray(loaded) ? loaded : loaded.default;
    provideO200kRanks(() => ranks);
  });
  return loading;
}

/** The ranks, when a source was given; undefined until then (tokens/estimate-tokens.ts counts meanwhile). */
export function o200kRanks(): RankedToken[] | undefined {
  return source?.();
}

/** Whether exact counts are possible: a source of the ranks was given. */
export function hasO200kRanks(): boolean {
  return source !== undefined;
}
