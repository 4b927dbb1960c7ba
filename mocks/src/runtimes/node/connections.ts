import type http from 'node:http';
import type { Socket } from 'node:net';

/** node:http keeps the response a connection is currently serving here. */
export type ServedSocket = Socket & { _httpMessage?: http.ServerResponse | null };

/**
 * The server's open connections, added when accepted and dropped when closed. Shutdown and the
 * stalled-reader watch both read this one set: a connection costs one entry, a request nothing.
 */
export function trackConnections(server: http.Server): ReadonlySet<ServedSocket> {
  const sockets = new Set<ServedSocket>();
  server.on('connection', (socket: ServedSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}
