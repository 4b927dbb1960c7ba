import { createSseEventSource } from './sse-events';
import type { RawSseEvent, SseEventSource } from './sse-events';

/** The sentinel that ends a Responses stream (createResponse 200 text/event-stream). */
export const DONE_DATA = '[DONE]';

/** One event of an SSE stream as a client receives it. */
export interface SseEvent {
  readonly data: string;
  /** The `event:` field, when the stream named one. */
  readonly event?: string;
  /** `data` parsed as JSON; undefined for `[DONE]` and for data that is not JSON. */
  readonly json: unknown;
  /** Set when `data` is neither `[DONE]` nor JSON. */
  readonly jsonError?: string;
  /** When it arrived, by the reader's clock (0 without one). */
  readonly atMs: number;
}

/** A whole stream as a client saw it. */
export interface SseStream {
  /** Every dispatched event in arrival order, `[DONE]` included. */
  readonly events: readonly SseEvent[];
  /** Comment lines (`: keep-alive`), tolerated by clients. */
  readonly comments: readonly string[];
  /** Lines a client rejects: unknown fields, lines without a colon, a bad `retry`. */
  readonly malformed: readonly string[];
  readonly sawDone: boolean;
  /** Events that came after `[DONE]`. */
  readonly afterDone: number;
  /**
   * An event at the very end that lacks its terminating blank line. Clients discard it, so it is
   * not in `events`; it is kept here so a check can say what was lost (`data: [DONE]`, say).
   */
  readonly unterminated?: SseEvent;
}

export interface SseReader {
  feed(text: string): void;
  /** Ends the body and returns the stream; call once. */
  end(): SseStream;
  /** Events dispatched so far. */
  readonly count: number;
  readonly sawDone: boolean;
}

/** Reads an SSE body chunk by chunk into an `SseStream`; `clock` stamps each event's arrival. */
export function createSseReader(clock: () => number = () => 0): SseReader {
  return new StreamReader(clock);
}

/**
 * A class, not an object literal with getters: a literal's getters are closures of their own, and
 * V8 keeps them in the object's map, in the old generation, so every event they reach outlived
 * young collections (a proxy reading a thousand streams promoted megabytes a collection).
 */
class StreamReader implements SseReader {
  private readonly events: SseEvent[] = [];
  private readonly comments: string[] = [];
  private readonly malformed: string[] = [];
  private done = false;
  private afterDone = 0;
  private readonly source: SseEventSource;

  constructor(private readonly clock: () => number) {
    this.source = createSseEventSource({
      onEvent: (raw) => {
        if (this.done) this.afterDone++;
        const event = toEvent(raw, this.clock());
        if (event.data === DONE_DATA) this.done = true;
        this.events.push(event);
      },
      onComment: (text) => this.comments.push(text),
      onMalformed: (line) => this.malformed.push(line),
    });
  }

  feed(text: string): void {
    this.source.feed(text);
  }

  end(): SseStream {
    let unterminated: SseEvent | undefined;
    this.source.end((raw) => (unterminated = toEvent(raw, this.clock())));
    const { events, comments, malformed, done: sawDone, afterDone } = this;
    const stream = { events, comments, malformed, sawDone, afterDone };
    return unterminated === undefined ? stream : { ...stream, unterminated };
  }

  get count(): number {
    return this.events.length;
  }

  get sawDone(): boolean {
    return this.done;
  }
}

/** Reads a whole SSE body at once. */
export function readSse(text: string): SseStream {
  const reader = createSseReader();
  reader.feed(text);
  return reader.end();
}

/** The stream a server sends for these events (each framed, then `[DONE]`), as a client reads it. */
export function streamOfEvents(events: readonly unknown[]): SseStream {
  return readSse(`${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')}data: ${DONE_DATA}\n\n`);
}

function toEvent(raw: RawSseEvent, atMs: number): SseEvent {
  // One object per event, its fields always in the same order: a proxy reads every event of every stream.
  const { data, event } = raw;
  let json: unknown;
  let jsonError: string | undefined;
  if (data !== DONE_DATA)
    try {
      json = JSON.parse(data) as unknown;
    } catch {
      jsonError = 'data is not JSON';
    }
  if (event === undefined)
    return jsonError === undefined ? { data, atMs, json } : { data, atMs, json: undefined, jsonError };
  return jsonError === undefined ? { data, event, atMs, json } : { data, event, atMs, json: undefined, jsonError };
}
