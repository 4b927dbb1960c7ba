import type { ServerResponse } from 'node:http';
import { EVENT_STREAM } from '../../../kit/stream/stream-spec';
import type { RunningStreams } from '../running-streams';
import type { Pacing } from './pacing';
import { tokenIntervalMs } from './pacing';
import type { Frame } from './sse-frame';
import { DONE_FRAME } from './sse-frame';

/** Frames are gathered up to this many characters before a write (one chunk, one syscall). */
const BATCH_CHARS = 16 * 1024;

/** The content type of every stream: the spec's media type, in UTF-8. */
const CONTENT_TYPE = `${EVENT_STREAM}; charset=utf-8`;

/** A wait shorter than this is not worth a timer: the frame goes now (at most this much early). */
const MIN_WAIT_MS = 1;

export interface PacedStreamInit {
  readonly res: ServerResponse;
  /** Response headers besides the content type (the spec's event-stream headers, the generation id). */
  readonly headers: Readonly<Record<string, string>>;
  readonly frames: Iterator<Frame>;
  readonly pacing: Pacing;
  /** The server's running streams: its shutdown ends this one with `tail` when it stops waiting. */
  readonly streams: RunningStreams;
  /** The frames that end the stream then, numbered from `nextSequence`. */
  readonly tail: (nextSequence: number) => Iterable<Frame>;
  /**
   * Drop the connection, with no terminal event, when a token is due after this many were sent
   * (a scenario's `cut` with `end: drop`): an answer of no more tokens completes as usual.
   */
  readonly dropAfterTokens?: number;
}

/** How a paced stream ended: sent to `[DONE]` (or ended by the shutdown), dropped on purpose, or left by its client. */
export type PacedEnd = 'completed' | 'dropped' | 'left';

/**
 * Sends one event stream with its pacing and resolves once it is over: sent to `[DONE]`, ended by
 * the server's shutdown (with `tail` and `[DONE]`, so the client reads a well-formed end), or left
 * by its client (quietly: nobody is there to tell). Rejects if a frame cannot be made; the
 * pipeline then cuts the connection, as the status line is already sent.
 */
export function sendPacedStream(init: PacedStreamInit): Promise<PacedEnd> {
  return new Promise((resolve, reject) => new PacedStream(init, resolve, reject).start());
}

/**
 * One stream as a small state machine driven by callbacks: at most one timer or one 'drain'
 * listener at a time, and no promise, AbortController or listener per token, so that thousands
 * of streams at once cost little besides their sockets. Token k is due at
 * `start + firstTokenDelayMs + k / tokensPerSecond`, a schedule: a timer that fires late does not
 * push every later token back. Everything gathered is written before a wait, so the client sees
 * it; between waits, frames are gathered into one write. The head goes out with the first write.
 */
class PacedStream {
  #pending = '';
  #timer: NodeJS.Timeout | undefined;
  #tokens = 0;
  #startedAt = 0;
  #nextSequence = 0;
  /** A frame taken but not yet sent: it waits for its time or for the socket. */
  #held: Frame | undefined;
  /** When the held token frame is due (performance.now() ms); undefined when it need not wait. */
  #due: number | undefined;
  #over = false;
  #unregister: () => void = () => undefined;
  readonly #interval: number;

  constructor(
    private readonly init: PacedStreamInit,
    private readonly resolve: (end: PacedEnd) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.#interval = tokenIntervalMs(init.pacing);
  }

  start(): void {
    const { res, headers } = this.init;
    for (const name of Object.keys(headers)) res.setHeader(name, headers[name] as string);
    res.writeHead(200, { 'content-type': CONTENT_TYPE });
    res.once('close', this.#onClose);
    // Ends the stream at once when the shutdown has already begun.
    this.#unregister = this.init.streams.add(this.#onShutdown);
    this.#step();
  }

  readonly #step = (): void => {
    this.#timer = undefined;
    try {
      this.#run();
    } catch (error) {
      this.#fail(error);
    }
  };

  #run(): void {
    const { res, frames } = this.init;
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
        if (frame.token && this.#tokens === this.init.dropAfterTokens) {
          this.#drop();
          return;
        }
        this.#due = frame.token ? this.#schedule() : undefined;
      }
      if (this.#due !== undefined) {
        const writable = this.#flush();
        const wait = this.#due - performance.now();
        if (!writable || wait >= MIN_WAIT_MS) {
          this.#held = frame;
          if (!writable) res.once('drain', this.#step);
          else this.#timer = setTimeout(this.#step, Math.ceil(wait));
          return;
        }
        this.#due = undefined;
      }
      this.#pending += frame.text;
      this.#nextSequence = frame.sequence + 1;
      if (this.#pending.length >= BATCH_CHARS && !this.#flush()) {
        res.once('drain', this.#step);
        return;
      }
    }
  }

  /** The due time of the next token, or undefined when its pacing asks for no wait. */
  #schedule(): number | undefined {
    const { firstTokenDelayMs } = this.init.pacing;
    const index = this.#tokens++;
    if (index === 0) this.#startedAt = performance.now();
    const wait = index === 0 ? firstTokenDelayMs : this.#interval;
    return wait > 0 ? this.#startedAt + firstTokenDelayMs + index * this.#interval : undefined;
  }

  /** Writes what is gathered; false when the socket's buffer is full (wait for 'drain'). */
  #flush(): boolean {
    if (this.#pending === '') return true;
    const chunk = this.#pending;
    this.#pending = '';
    return this.init.res.write(chunk);
  }

  #finish(tail: string): void {
    this.#over = true;
    this.#cleanUp();
    const rest = `${this.#pending}${tail}${DONE_FRAME}`;
    this.#pending = '';
    this.init.res.end(rest);
    this.resolve('completed');
  }

  /**
   * A scenario's dropped connection: what is gathered goes out (with the head, if not yet sent),
   * then the socket closes mid-stream, once the last write has left (a destroy discards unsent data).
   */
  #drop(): void {
    this.#over = true;
    this.#cleanUp();
    const { res } = this.init;
    // A blank line is nothing to an event-stream reader, and gives the callback a write to wait for.
    const chunk = this.#pending === '' ? '\n' : this.#pending;
    this.#pending = '';
    res.write(chunk, () => res.destroy());
    this.resolve('dropped');
  }

  #fail(error: unknown): void {
    this.#over = true;
    this.#cleanUp();
    this.reject(error);
  }

  #cleanUp(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.init.res.off('close', this.#onClose);
    this.init.res.off('drain', this.#step);
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
      for (const frame of this.init.tail(this.#nextSequence)) tail += frame.text;
      this.#finish(tail);
    } catch (error) {
      this.#fail(error);
    }
  };
}
