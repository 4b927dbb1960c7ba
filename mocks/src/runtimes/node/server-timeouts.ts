import type * as http from 'node:http';
import type { Socket } from 'node:net';
import { GatewayError, errorEnvelopeJson } from '../../exchange/gateway-error';
import { JSON_CONTENT_TYPE } from '../../exchange/send';
import type { ServerTimeouts } from '../../core/timeouts';

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

/** How often the stalled-reader watch looks at the connections with bytes waiting, at most. */
const STALL_CHECK_MAX_MS = 1_000;

/**
 * Disconnects clients that stopped reading (see `stalledMs`): a connection with bytes waiting for
 * it, none of which the client took for `stalledMs`, is destroyed, which aborts its handler.
 *
 * One timer for the whole server looks at the open connections a few times per period, instead
 * of node's `server.timeout`, which re-arms a timer on the socket at every request and at every
 * response: the hot path pays nothing, and a connection with nothing waiting is skipped at once.
 * Returns the function that stops the watch.
 */
export function cutOffStalledReaders(sockets: ReadonlySet<Socket>, timeouts: ServerTimeouts): () => void {
  const { stalledMs } = timeouts;
  /** Per connection with bytes waiting: how many it had taken, and since when it has taken none. */
  const waiting = new WeakMap<Socket, { taken: number; since: number }>();
  const check = (): void => {
    const now = performance.now();
    for (const socket of sockets) {
      const queued = socket.writableLength;
      if (queued === 0) {
        waiting.delete(socket);
        continue;
      }
      // Bytes handed to the socket (`bytesWritten` counts the queued ones too) minus those still queued.
      const taken = socket.bytesWritten - queued;
      const seen = waiting.get(socket);
      if (!seen || seen.taken !== taken) waiting.set(socket, { taken, since: now });
      else if (now - seen.since >= stalledMs) socket.destroy();
    }
  };
  const timer = setInterval(check, Math.max(10, Math.min(STALL_CHECK_MAX_MS, Math.floor(stalledMs / 5))));
  timer.unref();
  return () => clearInterval(timer);
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
  // No ServerResponse exists yet: the answer goes on the socket, in the one envelope (send.ts's).
  const body = errorEnvelopeJson(new GatewayError(status, message));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: ${JSON_CONTENT_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
