/**
 * Where the core writes its answer. An adapter implements it on its runtime's own objects
 * (node: the ServerResponse itself, no Response made; fetch: a Response, a stream being a
 * ReadableStream). It only translates: statuses, headers and bytes all come from the core.
 */

/** Response headers as one flat list, name then value (`['content-type', 'application/json', ...]`). */
export type HeaderList = string[];

/** How a connection is broken on purpose: before any byte of the answer, or in the middle of its body. */
export type ConnectionCut = 'reset' | 'close';

export interface ReplySink {
  /** The status line has been sent (an answer or a stream started). */
  readonly headersSent: boolean;
  /** The whole answer has been handed to the runtime. */
  readonly answered: boolean;
  /** The exchange is over: answered and delivered, or left by its client. */
  readonly closed: boolean;
  /** The status sent (200 until one is), for the request log. */
  readonly status: number;
  /** A header every answer to this request carries (CORS), set before the answer. */
  setHeader(name: string, value: string): void;
  /** A complete answer; the adapter adds the length. The list is the adapter's to keep. */
  send(status: number, headers: HeaderList, body: string | Uint8Array): void;
  /** Starts an event stream: status and headers now, the frames through the sink returned. */
  stream(status: number, headers: HeaderList): StreamSink;
  /** Breaks the connection (a stream that cannot go on, or a scenario that asks for it). */
  cut(how: ConnectionCut): void;
  /**
   * Calls `listener` once when the exchange is over, `aborted` when its client left before the
   * answer was complete. Returns what removes the listener. Not called if it is over already
   * (see `closed`).
   */
  onClose(listener: (aborted: boolean) => void): () => void;
}

export interface StreamSink {
  /** Sends a chunk; false when the runtime's buffer is full: wait for `onDrain` before the next. */
  write(chunk: string): boolean;
  /** Calls `listener` once, when the buffer has room again. Returns what removes the listener. */
  onDrain(listener: () => void): () => void;
  /** Sends the last chunk and ends the answer. */
  end(chunk: string): void;
}
