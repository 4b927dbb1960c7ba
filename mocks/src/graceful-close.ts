import type http from 'node:http';
import type { Socket } from 'node:net';

/**
 * Shutdown for one server (SIGINT/SIGTERM, tests): stop accepting, close connections that carry
 * no request at once, let requests in flight finish and close their connection right after the
 * response, and destroy whatever is still open when `graceMs` has passed. Without this, a
 * keep-alive client (or one that opened a connection and sent nothing yet) held the server open
 * for the whole grace period after its last response.
 */
export function gracefulCloser(server: http.Server): (graceMs: number) => Promise<void> {
  const inFlight = new Map<Socket, number>();
  const sockets = new Set<Socket>();
  let closing = false;

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      inFlight.delete(socket);
    });
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      if (left > 0) {
        inFlight.set(socket, left);
        return;
      }
      inFlight.delete(socket);
      if (closing) socket.end();
    });
  });

  return (graceMs) => new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    closing = true;
    server.close(() => resolve());
    for (const socket of sockets) if (!inFlight.has(socket)) socket.destroy();
    const timer = setTimeout(() => {
      for (const socket of sockets) socket.destroy();
    }, graceMs);
    timer.unref();
    server.once('close', () => clearTimeout(timer));
  });
}
