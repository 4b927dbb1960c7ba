import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/** A test's own HTTP server on 127.0.0.1, on a free port. */
export interface StandInServer {
  /** `http://127.0.0.1:PORT` (`https:` with `tls`). */
  readonly origin: string;
  /** The origin with the API base path, `http://127.0.0.1:PORT/api/v1`. */
  readonly baseUrl: string;
  /** Drops open connections (streams included) and stops listening. */
  close(): Promise<void>;
}

/**
 * Starts a stand-in server (a gateway, an upstream, a broken peer) answering with `handler`; with
 * `tls` (a key and certificate, PEM), an HTTPS one.
 */
export async function startStandInServer(
  handler: http.RequestListener,
  tls?: { readonly key: string; readonly cert: string },
): Promise<StandInServer> {
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  // A client that refuses the certificate ends the handshake: nothing for the server to report.
  server.on('tlsClientError', () => undefined);
  // Malformed HTTP (a control character in a header: the suite's malformed-input scenarios) gets
  // the error envelope a gateway that follows the contract sends, not node's bare 400.
  server.on('clientError', answerMalformed);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: `${origin}/api/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answerMalformed(_err: Error, socket: Duplex): void {
  if (!socket.writable) return;
  const body = JSON.stringify({ error: { code: 400, message: 'Malformed HTTP request' } });
  socket.end(
    `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
