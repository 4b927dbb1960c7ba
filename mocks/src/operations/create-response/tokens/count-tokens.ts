/**
 * Token counting with a real tokenizer (o200k_base, the GPT-4o / o-series encoding), used for
 * every model: usage (ResponseUsage), `max_output_tokens` and the size of stream deltas. Each mock
 * has its own counter, made from the ranks its setup gives (`MockSetup.tokenRanks`); without them
 * (the browser build, until they load) the counts are estimates (estimate-tokens.ts), made by the
 * same functions.
 */
import type * as GptEncodingModule from 'gpt-tokenizer/GptEncoding';
import { LruCache } from '../../../../../kit/memo/lru-cache';
import type { RankedToken, TokenCounter, TokenPiece, TokenRanks, Truncated } from '../../../core/token-counter';
import { estimatePieces } from './estimate-tokens';

type GptEncoding = GptEncodingModule.GptEncoding;

/**
 * BPE time grows with the square of a word's length: one 100,000-letter "word" takes seconds,
 * a 1 MB one minutes, and blocks the server meanwhile. Text is therefore tokenized in slices of
 * at most this many characters, cut before a space where there is one (the encoding attaches a
 * space to the word after it), so ordinary text counts exactly as before.
 */
export const SLICE_CHARS = 1024;

function slices(text: string): string[] {
  if (text.length <= SLICE_CHARS) return [text];
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + SLICE_CHARS, text.length);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > start) end = space;
      else if (/[\ud800-\udbff]/.test(text.charAt(end - 1))) end--; // never cut a surrogate pair
    }
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}

/**
 * Text a client sends is counted as plain text, special-token strings such as `<|endoftext|>`
 * included: a model gateway's input is user data, and the library's default (throw on a special
 * token) would turn such a prompt into a 500.
 */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** What the tokenizer (or the estimate) said about one text, filled in as it is asked. */
interface Tokenized {
  count?: number;
  tokens?: readonly number[];
  pieces?: readonly TokenPiece[];
}

/** Texts longer than this are tokenized afresh each time: a memo of large one-off inputs would only hold memory. */
export const MEMO_MAX_CHARS = 4096;
const MEMO_ENTRIES = 512;

/**
 * Every answer of the mock is tokenized again and again (its usage, its budget, its stream
 * deltas), and gpt-tokenizer clones its large Unicode regex on every call, so what was said about
 * a short text is kept in a bounded memo: one for the estimates, one per table of ranks beside
 * its encoding. Each is a cache of a pure function of the text (and of the table), so mocks with
 * the same table share it, and it holds nothing a request or a setup could change.
 */
type Memo = LruCache<string, Tokenized>;
const estimates: Memo = new LruCache(MEMO_ENTRIES);

/** An encoding made from one table of ranks, with its memo. */
interface Tokenizer {
  readonly encoding: GptEncoding;
  readonly memo: Memo;
}

/**
 * The encoding takes ~130 ms to make, so it is made once per table and kept while the table is:
 * every node mock shares the package's one table (runtimes/node/o200k-ranks.ts), and so one encoding.
 */
const tokenizers = new WeakMap<readonly RankedToken[], Tokenizer>();

function tokenizerFor(ranks: readonly RankedToken[]): Tokenizer {
  let tokenizer = tokenizers.get(ranks);
  if (!tokenizer) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load, see above
    const { GptEncoding } = require('gpt-tokenizer/GptEncoding') as typeof GptEncodingModule;
    tokenizer = { encoding: GptEncoding.getEncodingApi('o200k_base', () => ranks), memo: new LruCache(MEMO_ENTRIES) };
    tokenizers.set(ranks, tokenizer);
  }
  return tokenizer;
}

/**
 * A mock's counter: exact once `ranks` gives the table, estimates before (and always without
 * `ranks`). Made once per mock (runtimes/build-mock.ts); its functions may be called unbound.
 */
export function createTokenCounter(ranks?: TokenRanks): TokenCounter {
  let tokenizer: Tokenizer | undefined;
  /** The tokenizer, once the ranks are there; undefined before (counts are estimates). */
  const exact = (): Tokenizer | undefined => {
    if (tokenizer || !ranks) return tokenizer;
    const table = ranks();
    if (table) tokenizer = tokenizerFor(table);
    return tokenizer;
  };
  return {
    countTokens: (text) => (text === '' ? 0 : countTokens(text, exact())),
    splitTokens: (text) => {
      if (text === '') return [];
      const current = exact();
      return piecesOf(text, tokenized(text, current), current?.encoding);
    },
    truncateToTokens: (text, budget) => truncateToTokens(text, budget, exact()),
    exact: () => exact() !== undefined,
  };
}

function countTokens(text: string, tokenizer: Tokenizer | undefined): number {
  const entry = tokenized(text, tokenizer);
  if (!tokenizer) entry.count ??= piecesOf(text, entry, undefined).length;
  else {
    const { encoding } = tokenizer;
    entry.count ??=
      entry.tokens?.length ?? slices(text).reduce((sum, slice) => sum + encoding.countTokens(slice, AS_PLAIN_TEXT), 0);
  }
  return entry.count;
}

function truncateToTokens(text: string, budget: number, tokenizer: Tokenizer | undefined): Truncated {
  const encoding = tokenizer?.encoding;
  const entry = tokenized(text, tokenizer);
  const count =
    text === '' ? 0 : encoding ? tokensOf(text, entry, encoding).length : piecesOf(text, entry, undefined).length;
  if (count <= budget) return { text, tokens: count, truncated: false };
  let kept = '';
  let tokens = 0;
  for (const piece of text === '' ? [] : piecesOf(text, entry, encoding)) {
    if (piece.end > budget) break;
    kept += piece.text;
    tokens = piece.end;
  }
  return { text: kept, tokens, truncated: true };
}

function tokenized(text: string, tokenizer: Tokenizer | undefined): Tokenized {
  if (text.length > MEMO_MAX_CHARS) return {};
  const memo = tokenizer ? tokenizer.memo : estimates;
  let entry = memo.get(text);
  if (!entry) {
    entry = {};
    memo.set(text, entry);
  }
  return entry;
}

/** The token count of `text` so far, per piece, when there are no ranks to count with. */
function estimated(text: string): readonly TokenPiece[] {
  const pieces = estimatePieces(text);
  if (pieces.join('') !== text) return [{ text, end: 1 }];
  return pieces.map((piece, i) => ({ text: piece, end: i + 1 }));
}

function tokensOf(text: string, entry: Tokenized, encoding: GptEncoding): readonly number[] {
  entry.tokens ??= slices(text).flatMap((slice) => encoding.encode(slice, AS_PLAIN_TEXT));
  return entry.tokens;
}

function piecesOf(text: string, entry: Tokenized, encoding: GptEncoding | undefined): readonly TokenPiece[] {
  entry.pieces ??= encoding ? decodePieces(text, tokensOf(text, entry, encoding), encoding) : estimated(text);
  return entry.pieces;
}

function decodePieces(text: string, tokens: readonly number[], encoding: GptEncoding): readonly TokenPiece[] {
  let consumed = 0;
  const counted = (function* count(): Generator<number> {
    for (const token of tokens) {
      consumed++;
      yield token;
    }
  })();
  const pieces: TokenPiece[] = [];
  // decodeGenerator holds back bytes of a character that continues in the next token, so every
  // piece is whole characters; `consumed` says how many tokens it took.
  for (const piece of encoding.decodeGenerator(counted)) pieces.push({ text: piece, end: consumed });
  // Lone surrogates do not survive encoding; never let deltas disagree with the final text.
  if (pieces.map((p) => p.text).join('') !== text) return [{ text, end: tokens.length }];
  return pieces;
}
