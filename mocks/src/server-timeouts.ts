import type * as http from 'node:http';
import type { Socket } from 'node:net';

/** How long the mock waits for slow or stalled clients, in ms. */
export interface ServerTimeouts {
  /** The request head must arrive within this (a slowloris client); answered 408. */
  readonly headersMs: number;
  /** Head and body must arrive within this; answered 408. */
  readonly requestMs: number;
  /**
   * A client that takes none of a response for this long while bytes wait for it (it stopped
   * reading) is disconnected, which aborts its handler. A stream merely pausing between paced
   * tokens has nothing waiting and is left alone.
   */
  readonly stalledMs: number;
  /** An idle keep-alive connection closes after this. */
  readonly keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 60_000,
  stalledMs: 60_000,
  keepAliveMs: 5_000,
};

/** Options for http.createServer. Node checks head and request deadlines every interval, so it is kept short. */
export function serverTimeoutOptions(timeouts: ServerTimeouts): http.ServerOptions {
  const requestTimeout = timeouts.requestMs;
  const headersTimeout = Math.min(timeouts.headersMs, requestTimeout);
  return {
    keepAliveTimeout: timeouts.keepAliveMs,
    headersTimeout,
    requestTimeout,
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersTimeout / 4))),
  };
}

/** Disconnects clients that stopped reading (see `stalledMs`). Node only reports inactivity. */
export function cutOffStalledReaders(server: http.Server, timeouts: ServerTimeouts): void {
  server.timeout = timeouts.stalledMs;
  server.on('timeout', (socket: Socket) => {
    if (socket.writableLength > 0) socket.destroy();
  });
}

/**
 * Answers what node's HTTP parser refused, in the envelope (ErrorEnvelope) when nothing has been
 * sent on the connection yet: 408 for a request that came too slowly, 400 for malformed HTTP.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  const current = (socket as Socket & { _httpMessage?: http.ServerResponse })._httpMessage;
  if (!socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'Request timed out: the request was not received in time']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [400, 'Bad Request', 'Malformed HTTP request: the request headers are too large']
        : [400, 'Bad Request', 'Malformed HTTP request'];
  const body = JSON.stringify({ error: { code: status, message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
