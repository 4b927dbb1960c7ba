/**
 * Deepest nesting a request body may have. No request of the contract comes near it (messages,
 * parts and tool schemas nest a handful of levels), while bodies thousands of levels deep would
 * overflow the stack of anything that walks them recursively (JSON.stringify, validators):
 * refusing them up front keeps such a body a 400 instead of a 500 (responses BadRequest: "malformed input").
 */
export const MAX_JSON_DEPTH = 128;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Nesting depth of JSON text, counted on the raw text in one pass (brackets inside strings skipped). */
export function jsonDepthExceeds(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
