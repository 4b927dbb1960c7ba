/**
 * The texts of the JSON values a traffic file holds, found without parsing the file whole: each
 * top-level value (one per line in NDJSON), except that a HAR document (`{"log": …}`) gives each
 * element of `log.entries` instead. So a file of any size costs the memory of one entry at a time.
 * The texts are not checked here: the caller parses each one (JSON.parse says what is wrong).
 */
export interface JsonValueText {
  readonly text: string;
  /** The line (from 1) where it starts. */
  readonly line: number;
  /** Whether it is an element of a HAR document's `log.entries`, not a value of its own. */
  readonly harEntry: boolean;
}

/** A value larger than this is refused rather than held (a HAR entry is a few KB to a few MB). */
const MAX_VALUE_CHARS = 256 * 1024 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const NEWLINE = 0x0a;

export class JsonValuesError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Splits a stream of text into JSON value texts. Tracks strings (and their escapes) and nesting
 * only; the keys of the first two levels are read, to find `log` and `log.entries`.
 */
export async function* jsonValues(chunks: AsyncIterable<string>): AsyncGenerator<JsonValueText> {
  /** Per open container: object or array, and the key it sits under in its parent. */
  const kinds: boolean[] = []; // true: object
  const keys: string[] = [];
  let inString = false;
  let escaped = false;
  let keyNext = false;
  let stringIsKey = false;
  let keyParts: string[] = [];
  let lastKey = '';
  let line = 1;
  /** The capture under way: its depth (the container's own), its parts, where it started. */
  let captureDepth = -1;
  let captureParts: string[] = [];
  let captureSize = 0;
  let captureLine = 0;
  let captureHar = false;
  for await (const chunk of chunks) {
    let captureFrom = 0;
    let keyFrom = 0;
    const found: JsonValueText[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) {
          inString = false;
          if (stringIsKey) {
            keyParts.push(chunk.slice(keyFrom, i));
            lastKey = keyParts.join('');
            keyParts = [];
            keyNext = false;
          }
        } else if (code === NEWLINE) line++;
        continue;
      }
      switch (code) {
        case QUOTE:
          inString = true;
          stringIsKey = keyNext && kinds.at(-1) === true && kinds.length <= 2;
          keyFrom = i + 1;
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY: {
          const parentIsObject = kinds.at(-1) === true;
          keys.push(parentIsObject ? lastKey : '');
          kinds.push(code === OPEN_OBJECT);
          keyNext = code === OPEN_OBJECT;
          const depth = kinds.length;
          // `{"log": {…}}` at the top: a HAR document, whose entries are the values, not itself.
          if (depth === 2 && captureDepth === 1 && keys[1] === 'log' && kinds[0] === true && kinds[1] === true) {
            captureDepth = -1;
            captureParts = [];
            captureSize = 0;
          }
          const entryOfHar =
            depth === 4 && keys[1] === 'log' && keys[2] === 'entries' && kinds[0] === true && kinds[1] === true;
          if (captureDepth < 0 && (depth === 1 || entryOfHar)) {
            captureDepth = depth;
            captureFrom = i;
            captureParts = [];
            captureSize = 0;
            captureLine = line;
            captureHar = entryOfHar;
          }
          break;
        }
        case CLOSE_OBJECT:
        case CLOSE_ARRAY: {
          if (kinds.length === 0)
            throw new JsonValuesError(line, `a closing ${String.fromCharCode(code)} with nothing open`);
          const depth = kinds.length;
          kinds.pop();
          keys.pop();
          keyNext = false;
          if (depth === captureDepth) {
            captureParts.push(chunk.slice(captureFrom, i + 1));
            found.push({ text: captureParts.join(''), line: captureLine, harEntry: captureHar });
            captureDepth = -1;
            captureParts = [];
            captureSize = 0;
          }
          break;
        }
        case COMMA:
          keyNext = kinds.at(-1) === true;
          break;
        case NEWLINE:
          line++;
          break;
        default:
          if (kinds.length === 0 && code > 0x20 && code !== 0xfeff)
            throw new JsonValuesError(
              line,
              `${JSON.stringify(chunk.slice(i, i + 12))}… where a JSON object was expected`,
            );
      }
    }
    if (inString && stringIsKey) {
      keyParts.push(chunk.slice(keyFrom));
    }
    if (captureDepth >= 0) {
      const rest = chunk.slice(captureFrom);
      captureSize += rest.length;
      if (captureSize > MAX_VALUE_CHARS)
        throw new JsonValuesError(captureLine, `a value larger than ${MAX_VALUE_CHARS / 1024 / 1024} MB: not read`);
      captureParts.push(rest);
    }
    yield* found;
  }
  if (inString || kinds.length > 0) throw new JsonValuesError(line, 'the file ends inside a JSON value (cut short?)');
}
