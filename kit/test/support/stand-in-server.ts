import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

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
