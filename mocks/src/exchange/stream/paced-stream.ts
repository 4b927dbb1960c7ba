import { EVENT_STREAM } from '../../../../kit/stream/stream-spec';
import type { RunningStreams } from '../running-streams';
import type { ReplySink, StreamSink } from '../reply-sink';
import type { Pacing } from './pacing';
import { tokenIntervalMs } from './pacing';
import { callAt, cancelCall } from './due-calls';
import type { Frame } from './sse-frame';
import { DONE_FRAME } from './sse-frame';
import type { StreamFailure } from './stream-failures';

/** Frames are gathered up to this many characters before a write (one chunk, one syscall). */
const BATCH_CHARS = 16 * 1024;

/** The content type of every stream: the spec's media type, in UTF-8. */
const CONTENT_TYPE = `${EVENT_STREAM}; charset=utf-8`;

/** A wait shorter than this is not worth a due call: the frame goes now (at most this much early). */
const MIN_WAIT_MS = 1;

/** A frame's due time when it need not wait. */
const NOT_DUE = -1;

/** An event stream as a handler returns it; the pipeline sends it (sendPacedStream). */
export interface EventStream {
  /** Response headers besides the content type (the spec's event-stream headers, the generation id). */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The events, in order; `[DONE]` follows the last. A frame is read (its text) before the next
   * is taken, so an iterator may hand out one object for every frame (response-frames.ts does).
   */
  readonly frames: Iterator<Frame>;
  readonly pacing: Pacing;
  /**
   * The frames that end the stream early, numbered from `nextSequence`: with `failure`, or the
   * mock's shutdown when none is given.
   */
  readonly tail: (nextSequence: number, failure?: StreamFailure) => Iterable<Frame>;
  /** Cut the stream short on purpose (a simulated upstream failure, a queued scenario). */
  readonly cut?: StreamCut | undefined;
  /** What follows the last frame: the spec's `data: [DONE]` unless a deliberately broken variant says otherwise. */
  readonly done?: string;
}

export interface PacedStreamInit {
  readonly reply: ReplySink;
  readonly status: number;
  readonly stream: EventStream;
  /** The mock's running streams: its shutdown ends this one with `tail` when it stops waiting. */
  readonly streams: RunningStreams;
  /** Test mode: a copy of every chunk sent, for the response checker. */
  readonly captured?: string[] | undefined;
}

/**
 * A stream stopped when a token is due after `afterTokens` were sent (an answer of no more tokens
 * completes as usual): with the tail's `error` and `response.failed` for `failure`, then `[DONE]`;
 * or by dropping the connection, with no terminal event (`drop`).
 */
export type StreamCut =
  | { readonly afterTokens: number; readonly end: 'error'; readonly failure: StreamFailure }
  | { readonly afterTokens: number; readonly end: 'drop' };

/**
 * How a stream ended: sent to its end (`[DONE]`, also when a shutdown cut it short), cut on
 * purpose (`EventStream.cut`), or left by its client.
 */
export type StreamOutcome = 'sent' | 'cut' | 'left';

/**
 * Sends one event stream with its pacing through the adapter's sink and resolves once it is
 * over: sent to `[DONE]`, ended by the mock's shutdown (with `tail` and `[DONE]`, so the client
 * reads a well-formed end), or left by its client (quietly: nobody is there to tell). Rejects if
 * a frame cannot be made; the pipeline then cuts the connection, as the status line is sent.
 */
export function sendPacedStream(init: PacedStreamInit): Promise<StreamOutcome> {
  return new Promise((resolve, reject) => new PacedStream(init, resolve, reject).start());
}

/**
 * One stream as a small state machine driven by callbacks: at most one due call (due-calls.ts)
 * or one 'drain' listener at a time, and no promise, AbortController or listener per token, so
 * that thousands of streams at once cost little besides their sockets. Token k is due at
 * `start + firstTokenDelayMs + k / tokensPerSecond`, a schedule: a call made late does not push
 * every later token back. Everything gathered is written before a wait, so the client sees
 * it; between waits, frames are gathered into one write. The head goes out with the first write.
 */
class PacedStream {
  #pending = '';
  /** When the call to #step asked for is due (callAt), or NOT_DUE when none is. */
  #wakeAt = NOT_DUE;
  #sink: StreamSink | undefined;
  #offClose: () => void = () => undefined;
  #offDrain: (() => void) | undefined;
  #tokens = 0;
  #startedAt = 0;
  /** When the stream started: a recorded frame (`atMs`) is due this long after it. */
  #openedAt = 0;
  #nextSequence = 0;
  /** A frame taken but not yet sent: it waits for its time or for the socket. */
  #held: Frame | undefined;
  /**
   * When the held token frame is due (performance.now() ms), or NOT_DUE when it need not wait.
   * Always a number: a field that is sometimes undefined holds each new time as an object of its
   * own, one per token, which outlives the young generation while the token waits.
   */
  #due = NOT_DUE;
  #over = false;
  #unregister: () => void = () => undefined;
  readonly #interval: number;

  constructor(
    private readonly init: PacedStreamInit,
    private readonly resolve: (outcome: StreamOutcome) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.#interval = tokenIntervalMs(init.stream.pacing);
  }

  start(): void {
    const { reply, status, stream } = this.init;
    const list = ['content-type', CONTENT_TYPE];
    for (const name of Object.keys(stream.headers)) list.push(name, stream.headers[name] as string);
    this.#sink = reply.stream(status, list);
    this.#offClose = reply.onClose(this.#onClose);
    this.#openedAt = performance.now();
    // Ends the stream at once when the shutdown has already begun.
    this.#unregister = this.init.streams.add(this.#onShutdown);
    this.#step();
  }

  readonly #step = (): void => {
    this.#wakeAt = NOT_DUE;
    this.#offDrain = undefined;
    try {
      this.#run();
    } catch (error) {
      this.#fail(error);
    }
  };

  #run(): void {
    const sink = this.#sink as StreamSink;
    const { frames } = this.init.stream;
    while (!this.#over) {
      let frame = this.#held;
      this.#held = undefined;
      if (frame === undefined) {
        const next = frames.next();
        if (next.done === true) {
          this.#finish('');
          return;
        }
        frame = next.value;
        if (frame.token && this.#tokens === this.init.stream.cut?.afterTokens) {
          this.#cut(this.init.stream.cut);
          return;
        }
        this.#due = frame.atMs !== undefined ? this.#openedAt + frame.atMs : frame.token ? this.#schedule() : NOT_DUE;
      }
      if (this.#due !== NOT_DUE) {
        const writable = this.#flush();
        const wait = this.#due - performance.now();
        if (!writable || wait >= MIN_WAIT_MS) {
          this.#held = frame;
          if (!writable) this.#offDrain = sink.onDrain(this.#step);
          else callAt((this.#wakeAt = this.#due), this.#step);
          return;
        }
        this.#due = NOT_DUE;
      }
      this.#pending += frame.text;
      this.#nextSequence = frame.sequence + 1;
      if (this.#pending.length >= BATCH_CHARS && !this.#flush()) {
        this.#offDrain = sink.onDrain(this.#step);
        return;
      }
    }
  }

  /** The due time of the next token, or NOT_DUE when its pacing asks for no wait. */
  #schedule(): number {
    const { firstTokenDelayMs } = this.init.stream.pacing;
    const index = this.#tokens++;
    if (index === 0) this.#startedAt = performance.now();
    const wait = index === 0 ? firstTokenDelayMs : this.#interval;
    return wait > 0 ? this.#startedAt + firstTokenDelayMs + index * this.#interval : NOT_DUE;
  }

  /** Writes what is gathered; false when the socket's buffer is full (wait for 'drain'). */
  #flush(): boolean {
    if (this.#pending === '') return true;
    const chunk = this.#pending;
    this.#pending = '';
    this.init.captured?.push(chunk);
    return (this.#sink as StreamSink).write(chunk);
  }

  #finish(tail: string, outcome: StreamOutcome = 'sent'): void {
    this.#over = true;
    this.#cleanUp();
    const rest = `${this.#pending}${tail}${this.init.stream.done ?? DONE_FRAME}`;
    this.#pending = '';
    this.init.captured?.push(rest);
    (this.#sink as StreamSink).end(rest);
    this.resolve(outcome);
  }

  /** The stream's cut: its failure events and `[DONE]`, or what is gathered and then the connection closed. */
  #cut(cut: StreamCut): void {
    if (cut.end === 'error') {
      let tail = '';
      for (const frame of this.init.stream.tail(this.#nextSequence, cut.failure)) tail += frame.text;
      this.#finish(tail, 'cut');
      return;
    }
    this.#over = true;
    this.#cleanUp();
    this.#flush();
    this.init.reply.cut('close');
    this.resolve('cut');
  }

  #fail(error: unknown): void {
    this.#over = true;
    this.#cleanUp();
    this.reject(error);
  }

  #cleanUp(): void {
    if (this.#wakeAt !== NOT_DUE) cancelCall(this.#wakeAt, this.#step);
    this.#wakeAt = NOT_DUE;
    this.#offDrain?.();
    this.#offDrain = undefined;
    this.#offClose();
    this.#unregister();
  }

  /** The client went away: stop quietly. */
  readonly #onClose = (): void => {
    if (this.#over) return;
    this.#over = true;
    this.#cleanUp();
    this.resolve('left');
  };

  /** The shutdown stopped waiting: end now with the tail, numbered on from the last frame sent. */
  readonly #onShutdown = (): void => {
    if (this.#over) return;
    try {
      let tail = '';
      for (const frame of this.init.stream.tail(this.#nextSequence)) tail += frame.text;
      this.#finish(tail);
    } catch (error) {
      this.#fail(error);
    }
  };
}
