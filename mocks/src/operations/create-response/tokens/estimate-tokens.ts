/**
 * Token pieces without the tokenizer's ranks, for a mock that has none yet (the browser build,
 * until `tokenRanks` loads them): close to o200k_base on ordinary text, where a token is mostly a
 * word with its leading space, a punctuation mark or a short run of digits. "Hello! How can I
 * help you today?" is 9 pieces here and 9 tokens there. Usage figures stay plausible, stream
 * deltas stay word-sized, and the pieces always join back to the text.
 */

/** A word with the space before it, up to 3 digits, a run of punctuation, or a run of spaces. */
const PIECE = /\s?[\p{L}\p{M}]+|\p{N}{1,3}|\s?[^\s\p{L}\p{M}\p{N}]+|\s+/gu;

/** Long words are several tokens: about one per this many characters past the first. */
const CHARS_PER_WORD_TOKEN = 6;

export function estimatePieces(text: string): string[] {
  const pieces: string[] = [];
  for (const [piece] of text.matchAll(PIECE)) {
    if (piece.length <= CHARS_PER_WORD_TOKEN * 2) {
      pieces.push(piece);
      continue;
    }
    const chars = Array.from(piece); // never cut a surrogate pair
    for (let at = 0; at < chars.length; at += CHARS_PER_WORD_TOKEN)
      pieces.push(chars.slice(at, at + CHARS_PER_WORD_TOKEN).join(''));
  }
  return pieces;
}
