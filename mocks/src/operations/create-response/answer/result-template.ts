import type { ResponseIds } from './ids';
import { allocBytes } from '../../../exchange/util/alloc-bytes';
import { bytesToHex } from '../../../exchange/util/hex';

/**
 * Serialized text with holes for what changes from one response to the next (the response id,
 * the times, the item ids, the routing metadata), made from the very output of the ordinary
 * code: it runs with marks in place of those values, and the text it serializes is split at the
 * marks. Filling the holes gives the bytes the ordinary code gives, with no object built and no
 * JSON serialized per response, and it cannot drift from that code, which it never restates.
 */
export interface Template {
  /** Text between the holes: `parts.length === holes.length + 1`. */
  readonly parts: readonly string[];
  /** The parts as UTF-8, encoded once (fillBytes). */
  readonly partBytes: readonly Uint8Array[];
  readonly holes: readonly Hole[];
  /** The bytes fillBytes made last with all-ASCII values, and where their holes lie (fillBytes). */
  layout: Layout | undefined;
}

/**
 * One answer's bytes and the place and length of each hole's value in them. Ids and times keep
 * their lengths from one answer to the next, so the next answer is these bytes copied whole with
 * each hole written over: one copy instead of one per part, and nothing measured or checked twice.
 */
interface Layout {
  readonly bytes: Uint8Array;
  /** Where hole i's value begins. */
  readonly starts: readonly number[];
  /** Its length, in characters and bytes alike (the values laid out are ASCII). */
  readonly lengths: readonly number[];
}

/** A value filled in: an id, a time (a JSON number), the metadata (a JSON value), or the n-th item id. */
export type Hole = 'generation' | 'created' | 'completed' | 'metadata' | number;

interface Marker {
  /** Per process, unpredictable: no request can hold it, so a mark is never mistaken for content. */
  readonly mark: string;
  /** Values that stand for JSON numbers or objects are strings while marked: their quotes go with the hole. */
  readonly hole: RegExp;
}

let madeMarker: Marker | undefined;

/** Made at the first template, not at start: the first call of the web crypto object takes a few ms. */
function marker(): Marker {
  if (madeMarker) return madeMarker;
  const mark = `Zq${bytesToHex(crypto.getRandomValues(new Uint8Array(12)))}`;
  madeMarker = { mark, hole: new RegExp(`"${mark}([cdm])"|${mark}(g)|${mark}i(\\d+)x`, 'g') };
  return madeMarker;
}
const utf8 = new TextEncoder();

const VALUE_HOLES: Readonly<Record<string, Hole>> = { c: 'created', d: 'completed', m: 'metadata' };

/** What the ordinary code is given in place of the values that change per response. */
export interface Marks {
  readonly ids: ResponseIds;
  readonly createdAt: number;
  readonly completedAt: number;
  readonly serviceMetadata: never;
  /** The item id prefixes, in the order the code asked for them (`msg`, `rs`, `fc`, `call`). */
  readonly itemPrefixes: readonly string[];
}

export function makeMarks(): Marks {
  const { mark } = marker();
  const itemPrefixes: string[] = [];
  return {
    ids: { generation: `${mark}g`, item: (prefix) => `${mark}i${itemPrefixes.push(prefix) - 1}x` },
    // Strings where numbers and an object belong: the code only copies these values, never computes with them.
    createdAt: `${mark}c` as unknown as number,
    completedAt: `${mark}d` as unknown as number,
    serviceMetadata: `${mark}m` as never,
    itemPrefixes,
  };
}

/**
 * Splits marked text at its marks. Undefined when a mark appears in any other form (cut, escaped,
 * computed with): the template would not give the ordinary bytes, so there is none.
 */
export function toTemplate(text: string): Template | undefined {
  const { mark, hole } = marker();
  const parts: string[] = [];
  const holes: Hole[] = [];
  let last = 0;
  for (const match of text.matchAll(hole)) {
    parts.push(text.slice(last, match.index));
    const [, value, generation, item] = match;
    holes.push(
      value !== undefined ? (VALUE_HOLES[value] as Hole) : generation !== undefined ? 'generation' : Number(item),
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  if (parts.some((part) => part.includes(mark))) return undefined;
  return { parts, partBytes: parts.map((part) => utf8.encode(part)), holes, layout: undefined };
}

/** The values of one response. */
export interface HoleValues {
  readonly generation: string;
  readonly created: string;
  /** Asked for when the hole is reached: a stream's terminal event carries the time it is sent. */
  readonly completed: () => string;
  /** The routing metadata as JSON, for templates made with it. */
  readonly metadata: string;
  readonly items: readonly string[];
}

function valueOf(hole: Hole, values: HoleValues): string {
  return typeof hole === 'number'
    ? (values.items[hole] as string)
    : hole === 'generation'
      ? values.generation
      : hole === 'created'
        ? values.created
        : hole === 'completed'
          ? values.completed()
          : values.metadata;
}

export function fill(template: Template, values: HoleValues): string {
  const { parts, holes } = template;
  let text = parts[0] as string;
  for (let i = 0; i < holes.length; i++) {
    text += valueOf(holes[i] as Hole, values);
    text += parts[i + 1] as string;
  }
  return text;
}

const ASCII_END = 0x80;

/**
 * The UTF-8 bytes of `fill(template, values)`, written into one piece of memory. When each value
 * is as long as in the template's layout (the bytes made last) and ASCII, as ids and times are,
 * those bytes are copied and the values written over their holes. Otherwise the answer is laid out
 * part by part: the parts were encoded with the template, ASCII values are copied a character to a
 * byte, others (routing metadata may name anything) encoded as UTF-8; an all-ASCII one becomes
 * the layout. Either way no text is joined, and none is encoded or measured per answer.
 */
export function fillBytes(template: Template, values: HoleValues): Uint8Array {
  const { holes, layout } = template;
  const filled = new Array<string>(holes.length);
  for (let i = 0; i < holes.length; i++) filled[i] = valueOf(holes[i] as Hole, values);
  if (layout !== undefined && sameLengths(filled, layout.lengths)) {
    const out = allocBytes(layout.bytes.length);
    out.set(layout.bytes);
    if (writeOver(out, layout.starts, filled)) return out;
  }
  return layOut(template, filled);
}

function sameLengths(filled: readonly string[], lengths: readonly number[]): boolean {
  for (let i = 0; i < filled.length; i++) if ((filled[i] as string).length !== lengths[i]) return false;
  return true;
}

/** Writes each value at its start; false at the first that is not ASCII. */
function writeOver(out: Uint8Array, starts: readonly number[], filled: readonly string[]): boolean {
  for (let i = 0; i < filled.length; i++) if (!writeAscii(out, starts[i] as number, filled[i] as string)) return false;
  return true;
}

/** Copies ASCII text a character to a byte from `at`; false at the first character that is not ASCII. */
function writeAscii(out: Uint8Array, at: number, text: string): boolean {
  for (let c = 0; c < text.length; c++) {
    const code = text.charCodeAt(c);
    if (code >= ASCII_END) return false;
    out[at + c] = code;
  }
  return true;
}

/** The answer part by part; with all-ASCII values it becomes the template's layout. */
function layOut(template: Template, filled: readonly string[]): Uint8Array {
  const { partBytes, holes } = template;
  // An ASCII value stays text, copied a character to a byte; any other is encoded.
  const encoded: Array<string | Uint8Array> = new Array<string | Uint8Array>(holes.length);
  let ascii = true;
  let size = 0;
  for (const part of partBytes) size += part.length;
  for (let i = 0; i < holes.length; i++) {
    const value = filled[i] as string;
    const bytes = isAscii(value) ? value : utf8.encode(value);
    if (typeof bytes !== 'string') ascii = false;
    encoded[i] = bytes;
    size += bytes.length;
  }
  const out = allocBytes(size);
  const starts = new Array<number>(holes.length);
  let at = 0;
  for (let i = 0; i < holes.length; i++) {
    const part = partBytes[i] as Uint8Array;
    out.set(part, at);
    at += part.length;
    starts[i] = at;
    const value = encoded[i] as string | Uint8Array;
    if (typeof value === 'string') writeAscii(out, at, value);
    else out.set(value, at);
    at += value.length;
  }
  out.set(partBytes[holes.length] as Uint8Array, at);
  // A copy: the answer's own bytes go to the runtime, which may hold them while they are written.
  if (ascii) template.layout = { bytes: new Uint8Array(out), starts, lengths: filled.map((value) => value.length) };
  return out;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= ASCII_END) return false;
  return true;
}

/** The holes of a template that hold a value of this kind. */
export function countHoles(template: Template, hole: Hole): number {
  return template.holes.filter((h) => h === hole).length;
}
