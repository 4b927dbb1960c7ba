import { createSseEventSource } from './sse-events';
import type { RawSseEvent } from './sse-events';

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
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const malformed: string[] = [];
  let sawDone = false;
  let afterDone = 0;
  const source = createSseEventSource({
    onEvent(raw) {
      if (sawDone) afterDone++;
      const event = toEvent(raw, clock());
      if (event.data === DONE_DATA) sawDone = true;
      events.push(event);
    },
    onComment: (text) => comments.push(text),
    onMalformed: (line) => malformed.push(line),
  });
  return {
    feed: (text) => source.feed(text),
    end() {
      let unterminated: SseEvent | undefined;
      source.end((raw) => (unterminated = toEvent(raw, clock())));
      const stream = { events, comments, malformed, sawDone, afterDone };
      return unterminated === undefined ? stream : { ...stream, unterminated };
    },
    get count() {
      return events.length;
    },
    get sawDone() {
      return sawDone;
    },
  };
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
