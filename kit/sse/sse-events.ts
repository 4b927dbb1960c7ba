import { createParser } from 'eventsource-parser';

/** What the parser hands on for each dispatched event: its data lines joined, and its `event:` name. */
export interface RawSseEvent {
  readonly data: string;
  readonly event?: string;
}

export interface SseEventHandlers {
  onEvent(event: RawSseEvent): void;
  /** A comment line (`: keep-alive`), without the colon and one leading space. */
  onComment?(text: string): void;
  /** A line that is neither a known field nor a comment, or a bad `retry`. */
  onMalformed?(line: string): void;
}

export interface SseEventSource {
  feed(text: string): void;
  /**
   * The body is over. An event still pending (its data came, its blank line did not) is handed to
   * `onUnterminated` and NOT to `onEvent`: SSE clients (EventSource, eventsource-parser, the openai
   * SDK) discard such an event, so for a reader of the stream it was never sent.
   */
  end(onUnterminated?: (event: RawSseEvent) => void): void;
}

/**
 * Server-Sent Events framing, by eventsource-parser (the parser clients use), fed text as it
 * arrives: events may be split across chunks anywhere. The thinnest layer, for readers that keep
 * nothing (the benchmark's counter); `createSseReader` builds the stream record on it.
 */
export function createSseEventSource(handlers: SseEventHandlers): SseEventSource {
  let ending: ((event: RawSseEvent) => void) | undefined;
  let endsWithCr = false;
  const parser = createParser({
    onEvent: (message) => {
      const event = message.event === undefined ? { data: message.data } : { data: message.data, event: message.event };
      if (ending) ending(event);
      else handlers.onEvent(event);
    },
    onComment: handlers.onComment,
    onError: (error) => handlers.onMalformed?.(error.line ?? error.message),
  });
  return {
    feed(text) {
      if (text !== '') endsWithCr = text.endsWith('\r');
      parser.feed(text);
    },
    end(onUnterminated = () => undefined) {
      // A CR at the very end is a whole line ending (SSE allows CR, LF and CRLF), but the parser waits
      // for the LF that could follow it; none will, so it is completed here as the CR it was.
      if (endsWithCr) parser.feed('\n');
      // eventsource-parser's reset({ consume: true }) parses a last line without its newline but
      // drops the event it belongs to; a blank line fed here dispatches that event instead, which
      // lets the caller see it for what it is: data the stream sent but no client will read.
      ending = onUnterminated;
      parser.feed('\n\n');
      parser.reset();
    },
  };
}
