/**
 * How a handler counts tokens (`RequestContext.tokens`), and where a mock's tokenizer ranks come
 * from (`MockSetup.tokenRanks`). The core only carries them: the counter is made once per mock from
 * its setup's ranks (runtimes/build-mock.ts, operations/create-response/tokens/count-tokens.ts), so
 * two mocks in one process count with what each was given.
 */

/** A token's text, or its bytes when they are not text on their own (gpt-tokenizer's rank format). */
export type RankedToken = string | number[];

/**
 * The o200k_base ranks as a setup gives them: the table, once it is there; undefined while it is
 * not (the browser build's `tokenRanks`, until its load resolves), and counts are estimates
 * meanwhile. Asked on every count until it gives the table, then never again, so a runtime may
 * read its table on the first call (the node side's data file).
 */
export type TokenRanks = () => readonly RankedToken[] | undefined;

/** One token's text (several tokens when a character spans them) and the token count so far. */
export interface TokenPiece {
  readonly text: string;
  /** Tokens from the start of the text up to and including this piece. */
  readonly end: number;
}

/** The longest prefix of whole tokens within a budget. */
export interface Truncated {
  readonly text: string;
  readonly tokens: number;
  readonly truncated: boolean;
}

/** A mock's token counts: usage (ResponseUsage), `max_output_tokens` and the size of stream deltas. */
export interface TokenCounter {
  countTokens(text: string): number;
  /** The text cut at token boundaries; the pieces always join back to exactly `text`. Shared: do not change the array. */
  splitTokens(text: string): readonly TokenPiece[];
  /** The longest prefix of whole tokens that fits in `budget` tokens. */
  truncateToTokens(text: string, budget: number): Truncated;
  /** Whether counts are exact now: the ranks are there (asked of the source as a count asks). */
  exact(): boolean;
}
