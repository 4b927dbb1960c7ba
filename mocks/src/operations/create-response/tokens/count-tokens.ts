/**
 * Token counting with a real tokenizer (o200k_base, the GPT-4o / o-series encoding), used for
 * every model: usage (ResponseUsage), `max_output_tokens` and the size of stream deltas. Without
 * the tokenizer's ranks (the browser build, until they load) the counts are estimates
 * (estimate-tokens.ts), made by the same functions.
 */
import type * as GptEncodingModule from 'gpt-tokenizer/GptEncoding';
import { LruCache } from '../../../exchange/util/lru-cache';
import { estimatePieces } from './estimate-tokens';
import { hasO200kRanks, o200kRanks } from './ranks-source';

type GptEncoding = GptEncodingModule.GptEncoding;

/**
 * The encoding takes ~130 ms to load, so it is loaded on first use and kept: a cache of an
 * immutable, pure library object, the same for every mock in the process.
 */
let loaded: GptEncoding | undefined;

/** The encoding, once a source of the ranks is given; undefined before (counts are estimates). */
function exactEncoding(): GptEncoding | undefined {
  if (loaded || !hasO200kRanks()) return loaded;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load, see above
  loaded = (require('gpt-tokenizer/GptEncoding') as typeof GptEncodingModule).GptEncoding.getEncodingApi(
    'o200k_base',
    () => o200kRanks() ?? [],
  );
  return loaded;
}

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

/**
 * What the tokenizer said about one text, filled in as it is asked. Kept for short texts in a
 * bounded memo: every answer of the mock is tokenized again and again (its usage, its budget, its
 * stream deltas), and gpt-tokenizer clones its large Unicode regex on every call. The memo is a
 * cache of a pure function of the text (the encoding never changes), so like the encoding above it
 * is shared by every mock in the process and holds nothing a request could change.
 */
interface Tokenized {
  /** Made with the ranks; an estimate is made again once they are there. */
  exact: boolean;
  count?: number;
  tokens?: readonly number[];
  pieces?: readonly TokenPiece[];
}

/** Texts longer than this are tokenized afresh each time: a memo of large one-off inputs would only hold memory. */
export const MEMO_MAX_CHARS = 4096;
const MEMO_ENTRIES = 512;
const memo = new LruCache<string, Tokenized>(MEMO_ENTRIES);

function tokenized(text: string): Tokenized {
  const exact = exactEncoding() !== undefined;
  if (text.length > MEMO_MAX_CHARS) return { exact };
  let entry = memo.get(text);
  if (!entry || entry.exact !== exact) {
    entry = { exact };
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

export function countTokens(text: string): number {
  if (text === '') return 0;
  const entry = tokenized(text);
  const encoding = exactEncoding();
  entry.count ??= !encoding
    ? piecesOf(text, entry).length
    : (entry.tokens?.length ??
      slices(text).reduce((sum, slice) => sum + encoding.countTokens(slice, AS_PLAIN_TEXT), 0));
  return entry.count;
}

/** One token's text (several tokens when a character spans them) and the token count so far. */
export interface TokenPiece {
  readonly text: string;
  /** Tokens from the start of the text up to and including this piece. */
  readonly end: number;
}

/** The text cut at token boundaries; the pieces always join back to exactly `text`. Shared: do not change the array. */
export function splitTokens(text: string): readonly TokenPiece[] {
  return text === '' ? [] : piecesOf(text, tokenized(text));
}

function piecesOf(text: string, entry: Tokenized): readonly TokenPiece[] {
  const encoding = exactEncoding();
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

export interface Truncated {
  readonly text: string;
  readonly tokens: number;
  readonly truncated: boolean;
}

/** The longest prefix of whole tokens that fits in `budget` tokens. */
export function truncateToTokens(text: string, budget: number): Truncated {
  const entry = tokenized(text);
  const encoding = exactEncoding();
  const count = text === '' ? 0 : encoding ? tokensOf(text, entry, encoding).length : piecesOf(text, entry).length;
  if (count <= budget) return { text, tokens: count, truncated: false };
  let kept = '';
  let tokens = 0;
  for (const piece of text === '' ? [] : piecesOf(text, entry)) {
    if (piece.end > budget) break;
    kept += piece.text;
    tokens = piece.end;
  }
  return { text: kept, tokens, truncated: true };
}
