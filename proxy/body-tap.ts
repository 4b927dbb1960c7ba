import type { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createSseReader } from '../kit/sse/read-sse';
import type { SseStream } from '../kit/sse/read-sse';
import { bodyDecoder } from './content-coding';

/** Text kept of a JSON body for its checks; past this the body is not checked. */
const JSON_LIMIT = 16 * 1024 * 1024;
/** Raw text kept of an event stream, for report excerpts; its events are all kept. */
const STREAM_TEXT_LIMIT = 64 * 1024;

export interface TappedBody {
  /** The decoded text (for a stream, its first STREAM_TEXT_LIMIT characters). */
  readonly text: string;
  /** The event stream as a client reads it, when the answer is one. */
  readonly stream?: SseStream;
  /** Why the body cannot be checked: a coding the proxy cannot decode, a corrupt one, a JSON body too large. */
  readonly unreadable?: string;
  /** An event stream's whole decoded text, however long (`text` keeps its start): for the HAR file. */
  readonly wholeText?: () => string;
}

/**
 * A body as the relay keeps it until its exchange is checked. `read` works it out each time it is
 * called (an event stream is parsed then); the checks call it once and drop what it gives when they
 * are done. Neither a memo nor getters: the exchange is in V8's old generation by the time it is
 * checked, and a parse it held (or a getter's closure, which V8 keeps in the object's map) would be
 * copied by every young collection until the next full one.
 */
export interface KeptBody {
  read(): TappedBody;
}

export interface BodyTap {
  /** A chunk exactly as it went to the client. */
  feed(chunk: Buffer): void;
  /** The body is over; resolves once every byte is decoded. */
  end(): Promise<KeptBody>;
}

/**
 * Reads a copy of a body as it is relayed: decodes its content coding, and for an event stream
 * keeps each decoded chunk stamped with `clock` as it arrives, parsed as SSE (kit/sse) only when
 * the checks read it, so the checks see the stream a client saw and the relay does no more per
 * chunk than keep it. The relayed bytes are never held back for it.
 */
export function createBodyTap(contentEncoding: string | undefined, eventStream: boolean, clock: () => number): BodyTap {
  const decoders = bodyDecoder(contentEncoding);
  /** An event stream's decoded bytes with each chunk's end and arrival time, parsed once its exchange is checked. */
  const stream = eventStream ? new StampedBytes() : undefined;
  /** Any other body is kept as its chunks and decoded once, at its end. */
  const chunks: Buffer[] = [];
  let size = 0;
  let unreadable = decoders instanceof Error ? decoders.message : undefined;
  const take = (decoded: Buffer): void => {
    if (stream) stream.append(decoded, clock());
    else if (unreadable === undefined) {
      size += decoded.length;
      if (size > JSON_LIMIT) {
        unreadable = `the body is over ${JSON_LIMIT} bytes: not checked`;
        chunks.length = 0;
      } else chunks.push(decoded);
    }
  };
  const chain: Transform[] = decoders instanceof Error ? [] : decoders;
  for (let i = 0; i < chain.length - 1; i++) (chain[i] as Transform).pipe(chain[i + 1] as Transform);
  const last = chain.at(-1);
  const ended = new Promise<void>((resolve) => {
    if (!last) return resolve();
    last.on('data', take);
    last.on('end', resolve);
    for (const decoder of chain)
      decoder.on('error', (err: Error) => {
        unreadable ??= `the body does not decode as ${contentEncoding}: ${err.message}`;
        resolve();
      });
  });
  const first = chain[0];
  return {
    feed(chunk) {
      if (decoders instanceof Error) return;
      if (first) first.write(chunk);
      else take(chunk);
    },
    async end() {
      first?.end();
      await ended;
      const flag = unreadable === undefined ? {} : { unreadable };
      if (stream) {
        const endMs = clock();
        const whole = (): string => wholeText(stream);
        return { read: () => ({ ...readStream(stream, endMs), ...flag, wholeText: whole }) };
      }
      let text = '';
      if (unreadable === undefined) {
        const whole = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
        // As TextDecoder reads it: a byte order mark is not part of the text.
        text = whole.toString('utf8', whole[0] === 0xef && whole[1] === 0xbb && whole[2] === 0xbf ? 3 : 0);
      }
      const body = { text, ...flag };
      return { read: () => body };
    },
  };
}

/** Room for a stream's first bytes: most of the gateway's streams fit, so one allocation serves them. */
const FIRST_ROOM = 16 * 1024;

/**
 * A stream's bytes in one buffer of its own, with where each chunk ended and when it came. Copied
 * out of the chunk: a chunk node hands over is a view of a larger buffer read from the socket,
 * which a kept view would hold in memory until the stream is checked. Kept as bytes, not as text:
 * the bytes live outside the JavaScript heap, so a thousand open streams add nothing for the
 * garbage collector to copy from one young-generation collection to the next.
 */
class StampedBytes {
  bytes: Buffer = Buffer.allocUnsafe(0);
  length = 0;
  readonly ends: number[] = [];
  readonly times: number[] = [];

  append(chunk: Buffer, atMs: number): void {
    if (chunk.length === 0) return;
    const needed = this.length + chunk.length;
    if (needed > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(FIRST_ROOM, needed, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    chunk.copy(this.bytes, this.length);
    this.length = needed;
    this.ends.push(needed);
    this.times.push(atMs);
  }
}

/** The stream's bytes as UTF-8 text, a leading byte order mark dropped (as TextDecoder reads it). */
function wholeText(kept: StampedBytes): string {
  const bom = kept.bytes[0] === 0xef && kept.bytes[1] === 0xbb && kept.bytes[2] === 0xbf && kept.length >= 3;
  return kept.bytes.toString('utf8', bom ? 3 : 0, kept.length);
}

/**
 * The stream as a client read it, worked out when the checks read it (after the answer is
 * relayed): each chunk decoded and parsed as SSE in arrival order (a character split over two
 * chunks decoded whole, a leading byte order mark dropped, as TextDecoder reads a stream), its
 * events stamped with the time the chunk arrived, so the relay itself only keeps the bytes.
 */
function readStream(kept: StampedBytes, endMs: number): { text: string; stream: SseStream } {
  let now = 0;
  const reader = createSseReader(() => now);
  const utf8 = new StringDecoder('utf8');
  let text = '';
  let begun = false;
  const take = (decoded: string, atMs: number): void => {
    let part = decoded;
    if (!begun && part !== '') {
      begun = true;
      if (part.charCodeAt(0) === 0xfeff) part = part.slice(1);
    }
    now = atMs;
    reader.feed(part);
    if (text.length < STREAM_TEXT_LIMIT) text += part.slice(0, STREAM_TEXT_LIMIT - text.length);
  };
  let from = 0;
  for (let i = 0; i < kept.ends.length; i++) {
    const to = kept.ends[i] as number;
    take(utf8.write(kept.bytes.subarray(from, to)), kept.times[i] as number);
    from = to;
  }
  take(utf8.end(), endMs);
  return { text, stream: reader.end() };
}
