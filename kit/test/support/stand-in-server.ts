import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A test's own HTTP server on 127.0.0.1, on a free port. */
export interface StandInServer {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** The origin with the API base path, `http://127.0.0.1:PORT/api/v1`. */
  readonly baseUrl: string;
  /** Drops open connections (streams included) and stops listening. */
  close(): Promise<void>;
}

/** Starts a stand-in server (a gateway, an upstream, a broken peer) answering with `handler`. */
export async function startStandInServer(handler: http.RequestListener): Promise<StandInServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
