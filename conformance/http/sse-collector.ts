import { createParser } from 'eventsource-parser';
import type { SseEvent, StreamCapture } from '../engine/types';
import { parseJson } from './send-json';

export interface SseCollector {
  feed(text: string): void;
  /** Flushes a last event that lacked its blank line. */
  flush(): void;
  /** Events parsed so far. */
  readonly count: number;
  readonly sawDone: boolean;
  capture(extra?: Pick<StreamCapture, 'stalled' | 'transportError'>): StreamCapture;
}

/**
 * Parses an SSE body with eventsource-parser, the parser real clients use, and keeps what the
 * stream checks need: events in order (JSON parsed), comments, lines the parser rejected, whether
 * `[DONE]` came and what came after it.
 */
export function createSseCollector(clock: () => number = () => 0): SseCollector {
  const events: SseEvent[] = [];
  const malformed: string[] = [];
  let comments = 0;
  let sawDone = false;
  let afterDone = 0;
  const parser = createParser({
    onEvent(message) {
      if (sawDone) afterDone++;
      const done = message.data === '[DONE]';
      if (done) sawDone = true;
      const json = done ? undefined : parseJson(message.data);
      const jsonError = !done && json === undefined ? 'data is not JSON' : undefined;
      events.push({ data: message.data, event: message.event, json, jsonError, atMs: clock() });
    },
    onComment: () => comments++,
    onError: (error) => malformed.push(error.line ?? error.message),
  });
  return {
    feed: (text) => parser.feed(text),
    flush: () => parser.reset({ consume: true }),
    get count() {
      return events.length;
    },
    get sawDone() {
      return sawDone;
    },
    capture: (extra = {}) => ({
      events: [...events],
      comments,
      malformed: [...malformed],
      sawDone,
      afterDone,
      ...extra,
    }),
  };
}
