import type http from 'node:http';
import type { ServedSocket } from './connections';

/**
 * Once the grace period is over, how long streams get to write their closing events (an `error`
 * and `response.failed`, then `[DONE]`) before every connection left is destroyed.
 */
const STREAM_END_MS = 250;

/**
 * Shutdown for one server (SIGINT/SIGTERM, tests): stop accepting, close connections that carry
 * no request at once, let requests in flight finish and close their connection right after the
 * response. When `graceMs` has passed, `onGraceEnd` tells the streams still running to end, and
 * after `STREAM_END_MS` more whatever is still open is destroyed. Without this, a keep-alive
 * client (or one that opened a connection and sent nothing yet) held the server open for the
 * whole grace period after its last response.
 *
 * Only connections are tracked, not requests: which connection is busy is asked at close time,
 * so a keep-alive client's requests cost nothing here.
 */
export function gracefulCloser(
  server: http.Server,
  sockets: ReadonlySet<ServedSocket>,
): (graceMs: number, onGraceEnd?: () => void) => Promise<void> {
  return (graceMs, onGraceEnd) =>
    new Promise((resolve) => {
      if (!server.listening) {
        resolve();
        return;
      }
      server.close(() => resolve());
      for (const socket of sockets) {
        const serving = socket._httpMessage;
        if (!serving) {
          socket.destroy();
          continue;
        }
        // The connection stays open for this response only: once it is sent, no further request.
        serving.shouldKeepAlive = false;
        serving.once('close', () => socket.end());
      }
      let destroyer: NodeJS.Timeout | undefined;
      const grace = setTimeout(() => {
        onGraceEnd?.();
        destroyer = setTimeout(() => {
          for (const socket of sockets) socket.destroy();
        }, STREAM_END_MS);
        destroyer.unref();
      }, graceMs);
      grace.unref();
      server.once('close', () => {
        clearTimeout(grace);
        clearTimeout(destroyer);
      });
    });
}
