import { readFileSync } from 'node:fs';
import { TextDecoder } from 'node:util';
import type { RankedToken, TokenRanks } from '../../core/token-counter';

const BOM = [0xef, 0xbb, 0xbf];

/**
 * The o200k_base ranks, read from the package's own `.tiktoken` data (one `base64 rank` line per
 * token) rather than from its 2.4 MB JavaScript module of string literals: the same table, but
 * the JavaScript parser never sees it, which keeps some 14 MB off the mock's resident memory.
 * The result equals `gpt-tokenizer/bpeRanks/o200k_base` entry for entry (mocks/test checks it):
 * text where the bytes decode as UTF-8 on their own, the bytes otherwise (also for a leading BOM,
 * which a text decoder would drop).
 */
export function loadO200kRanks(file = require.resolve('gpt-tokenizer/data/o200k_base.tiktoken')): RankedToken[] {
  const text = readFileSync(file, 'latin1');
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const ranks: RankedToken[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const lineEnd = newline === -1 ? text.length : newline;
    const space = text.indexOf(' ', start);
    if (space > start && space < lineEnd) {
      const bytes = Buffer.from(text.slice(start, space), 'base64');
      const rank = Number(text.slice(space + 1, lineEnd));
      if (!Number.isInteger(rank) || rank < 0) throw new Error(`${file}: bad rank on the line starting at ${start}`);
      ranks[rank] = startsWithBom(bytes) ? Array.from(bytes) : decodeOrBytes(utf8, bytes);
    }
    start = lineEnd + 1;
  }
  return ranks;
}

let packageRanks: readonly RankedToken[] | undefined;

/**
 * The node side's source of the ranks (`MockSetup.tokenRanks`): the package's table, read on the
 * first exact count of any mock and kept for the process. A cache of the file's contents, which
 * are the same whatever mock asks; which source a mock counts with is its setup's choice.
 */
export const packageO200kRanks: TokenRanks = () => (packageRanks ??= loadO200kRanks());

function startsWithBom(bytes: Uint8Array): boolean {
  return BOM.every((byte, i) => bytes[i] === byte);
}

function decodeOrBytes(utf8: TextDecoder, bytes: Uint8Array): RankedToken {
  try {
    return utf8.decode(bytes);
  } catch {
    return Array.from(bytes);
  }
}
