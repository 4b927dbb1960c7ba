import type { BodyCallback, MockRequest, RequestHeaders } from '../../exchange/mock-request';
import type { ConnectionCut, HeaderList, ReplySink, StreamSink } from '../../exchange/reply-sink';
import { connectionResetError } from '../../exchange/connection-reset';
import { runsOnNode } from '../../exchange/util/runs-on-node';
import { readFetchBody } from './read-fetch-body';

/** Bytes an event stream holds for its reader before the core waits (as a socket's buffer would). */
const STREAM_BUFFER_BYTES = 16 * 1024;

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

const encoder = new TextEncoder();

type ResponseBody = ConstructorParameters<typeof Response>[0];

/**
 * One `Request` and the `Response` made for it, as the core sees them: the request view, the
 * reply sink and the stream sink in one object. `response` settles when the core answers: a
 * complete body, or a `ReadableStream` of event-stream frames that the core paces and that
 * holds at most STREAM_BUFFER_BYTES for its reader (its `pull` is the drain).
 */
export class FetchExchange implements MockRequest, ReplySink, StreamSink {
  readonly method: string;
  readonly url: string;
  readonly headers: RequestHeaders;
  readonly connection = undefined;
  readonly response: Promise<Response>;
  headersSent = false;
  answered = false;
  closed = false;
  status = 200;
  #resolve: (response: Response) => void = () => undefined;
  #reject: (error: Error) => void = () => undefined;
  #extra: HeaderList = [];
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  #drain: (() => void) | undefined;
  #closeListeners: Array<(aborted: boolean) => void> = [];
  /** A cut mid-body waiting for its reader to take what was sent before it. */
  #cutWhenRead: Error | undefined;
  /** A reader waits on an empty queue (pull was called and nothing written since). */
  #starving = false;

  constructor(private readonly request: Request) {
    this.method = request.method;
    const full = request.url;
    // Path and query as sent: everything from the first slash after the origin.
    const pathAt = full.indexOf('/', full.indexOf('//') + 2);
    this.url = pathAt === -1 ? '/' : full.slice(pathAt);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    this.headers = headers;
    this.response = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    request.signal?.addEventListener('abort', () => this.#over(true), { once: true });
  }

  readBody(limitBytes: number, then: BodyCallback): void {
    readFetchBody(this.request, limitBytes, then);
  }

  setHeader(name: string, value: string): void {
    this.#extra.push(name, value);
  }

  send(status: number, headers: HeaderList, body: string | Uint8Array): void {
    this.#head(status);
    const empty = this.method === 'HEAD' || NO_BODY.has(status);
    this.#resolve(new Response(empty ? null : (body as ResponseBody), { status, headers: this.#headersOf(headers) }));
    this.answered = true;
    this.#over(false);
  }

  stream(status: number, headers: HeaderList): StreamSink {
    this.#head(status);
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
        },
        pull: (controller) => {
          // Called only when a reader waits on an empty queue (high-water mark 0, see below).
          if (this.#cutWhenRead) {
            failLater(controller, this.#cutWhenRead);
            return;
          }
          this.#starving = true;
          const drain = this.#drain;
          this.#drain = undefined;
          drain?.();
        },
        cancel: () => this.#over(true),
      },
      // High-water mark 0: `pull` means a reader is waiting with nothing queued, the one moment a
      // cut can fail the body without dropping bytes a reader has not taken. msw 2 tees every
      // mocked answer; a tee's branches drop what they hold when the source fails, so failing
      // any earlier loses the tokens sent before the cut. `write` counts STREAM_BUFFER_BYTES
      // itself. ByteLengthQueuingStrategy's rule is written out: jsdom has no such global.
      { highWaterMark: 0, size: (chunk) => chunk.byteLength },
    );
    const head = this.#headersOf(headers);
    // Without a length: chunked, as node's server frames it. msw 3 (in Node) writes the Response
    // to a socket; unframed, a cut mid-body would read as the end of the answer, not as a failure.
    if (!head.has('content-length')) head.set('transfer-encoding', 'chunked');
    this.#resolve(new Response(body, { status, headers: head }));
    return this;
  }

  write(chunk: string): boolean {
    const controller = this.#controller;
    if (!controller || this.closed) return true;
    controller.enqueue(encoder.encode(chunk));
    this.#starving = false;
    // desiredSize is minus the bytes queued (high-water mark 0).
    return -(controller.desiredSize ?? 0) < STREAM_BUFFER_BYTES;
  }

  onDrain(listener: () => void): () => void {
    this.#drain = listener;
    return () => {
      if (this.#drain === listener) this.#drain = undefined;
    };
  }

  end(chunk: string): void {
    const controller = this.#controller;
    if (controller && !this.closed) {
      if (chunk !== '') controller.enqueue(encoder.encode(chunk));
      controller.close();
    }
    this.answered = true;
    this.#over(false);
  }

  /**
   * Before any byte: `response` rejects as fetch does on a reset connection (connection-reset.ts);
   * mid-stream: the body fails once its
   * reader has taken what was sent before the cut and asks for more (erroring a stream, or a tee
   * of it, drops what it still holds).
   */
  cut(how: ConnectionCut): void {
    const controller = this.#controller;
    const error = new TypeError(`The mock gateway closed the connection (${how})`);
    if (!this.headersSent) this.#reject(connectionResetError());
    else if (this.#starving && controller) failLater(controller, error);
    else this.#cutWhenRead = error;
    this.#over(true);
  }

  onClose(listener: (aborted: boolean) => void): () => void {
    this.#closeListeners.push(listener);
    return () => {
      this.#closeListeners = this.#closeListeners.filter((l) => l !== listener);
    };
  }

  #head(status: number): void {
    this.status = status;
    this.headersSent = true;
  }

  #headersOf(list: HeaderList): Headers {
    const headers = new Headers();
    const all = [...this.#extra, ...list];
    for (let i = 0; i < all.length; i += 2) headers.set(all[i] as string, all[i + 1] as string);
    return headers;
  }

  /** The exchange is over: answered, or left by its client (or cut) before that. */
  #over(aborted: boolean): void {
    if (this.closed) return;
    this.closed = true;
    this.#drain = undefined;
    const listeners = this.#closeListeners;
    this.#closeListeners = [];
    for (const listener of listeners) listener(aborted && !this.answered);
  }
}

/**
 * How long a cut body waits, after its reader took the bytes before the cut, before it fails. On
 * Node a task of its own is enough, as a socket's error arrives in an event after the bytes
 * before it: whatever reads through a chain of pipes (`pipeThrough`, which the AI SDK's stream
 * parsing is) hands those bytes on first, where a failure in the same turn would make the pipes
 * drop what their later stages hold (msw 2 would show the AI SDK no text before a cut). In a page
 * the body crosses msw's service worker and the browser's loader to reach the page's reader, and
 * Chromium drops what is still on its way when the worker's body fails (a JSON answer closed
 * mid-body arrived empty): there the failure waits a moment longer than that crossing takes.
 */
const IN_A_PAGE_MS = 50;
const inAPage = !runsOnNode();

function failLater(controller: ReadableStreamDefaultController<Uint8Array>, error: Error): void {
  const fail = () => controller.error(error);
  if (inAPage) setTimeout(fail, IN_A_PAGE_MS);
  else nextTask(fail);
}

interface MessagePortLike {
  onmessage: (() => void) | null;
  postMessage(message: unknown): void;
  close(): void;
}

/**
 * Calls `call` in a task of its own, after every microtask of this one, without a timer: a test
 * that installs fake timers still sees an unpaced cut fail (only pacing follows its clock).
 */
function nextTask(call: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(call, 0);
    return;
  }
  // The ports as browsers and Node both give them (node's types leave out `onmessage`).
  const { port1, port2 } = new MessageChannel() as unknown as { port1: MessagePortLike; port2: MessagePortLike };
  port1.onmessage = () => {
    port1.close();
    call();
  };
  port2.postMessage(undefined);
}
