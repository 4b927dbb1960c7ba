import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BodyCallback, MockRequest, RequestHeaders } from '../../exchange/mock-request';
import type { ConnectionCut, HeaderList, ReplySink, StreamSink } from '../../exchange/reply-sink';
import { readNodeBody } from './read-node-body';

/**
 * One node:http request and its response as the core sees them: the request view, the reply
 * sink and the stream sink in one small object over IncomingMessage and ServerResponse, with no
 * Request or Response made, so the answer is written to the socket in the turn the core decides it.
 */
export class NodeExchange implements MockRequest, ReplySink, StreamSink {
  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {}

  get method(): string {
    return this.req.method ?? 'GET';
  }

  get url(): string {
    return this.req.url ?? '/';
  }

  get headers(): RequestHeaders {
    return this.req.headers;
  }

  get connection(): object {
    return this.req.socket;
  }

  readBody(limitBytes: number, then: BodyCallback): void {
    readNodeBody(this.req, limitBytes, then);
  }

  get headersSent(): boolean {
    return this.res.headersSent;
  }

  get answered(): boolean {
    return this.res.writableEnded;
  }

  get closed(): boolean {
    return this.res.closed;
  }

  get status(): number {
    return this.res.statusCode;
  }

  setHeader(name: string, value: string): void {
    this.res.setHeader(name, value);
  }

  /** Text goes to the socket with the head as one chunk; HEAD answers drop the body (node does). */
  send(status: number, headers: HeaderList, body: string | Uint8Array): void {
    headers.push('content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.length));
    this.res.writeHead(status, headers);
    this.res.end(body);
  }

  stream(status: number, headers: HeaderList): StreamSink {
    this.res.writeHead(status, headers);
    return this;
  }

  write(chunk: string): boolean {
    return this.res.write(chunk);
  }

  onDrain(listener: () => void): () => void {
    const res = this.res;
    res.once('drain', listener);
    return () => res.off('drain', listener);
  }

  end(chunk: string): void {
    this.res.end(chunk);
  }

  /** 'reset' sends a TCP reset where the socket can (nothing of the answer is sent); 'close' ends it mid-body. */
  cut(how: ConnectionCut): void {
    const socket = this.req.socket;
    if (how === 'reset' && !this.res.headersSent && typeof socket.resetAndDestroy === 'function')
      socket.resetAndDestroy();
    // What this turn wrote is corked until the next tick: close once it has left, so the client
    // gets the part of the body sent before the cut (a scenario's `close-mid-body`, a dropped stream).
    else if (this.res.headersSent) setImmediate(() => this.res.destroy());
    else this.res.destroy();
  }

  onClose(listener: (aborted: boolean) => void): () => void {
    const res = this.res;
    // Taken off by itself, as `once` would, without the bound wrapper `once` makes for every listener.
    const onClose = (): void => {
      res.off('close', onClose);
      listener(!res.writableFinished);
    };
    res.on('close', onClose);
    return () => res.off('close', onClose);
  }
}
