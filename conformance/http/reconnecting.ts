import { droppedBeforeAnswer } from './transport-error';

/** Fresh tries after a connection dropped before any answer. */
const RECONNECTS = 3;

/**
 * Runs `attempt` again when its connection was closed or reset before any byte of an answer came:
 * a kept-alive connection that a load balancer dropped while idle, so the request never got there.
 * Clients ask again; the next idle connection in the pool may have been dropped too, so a few
 * tries (each failing at once). A gateway that resets every connection is still reported: the
 * last error is thrown, as is any other error at once. Each drop asked again is handed to `onDrop`,
 * so the run counts it: a retry never hides a drop.
 */
export async function reconnecting<T>(
  attempt: () => Promise<T>,
  stopped: () => boolean = () => false,
  onDrop: (err: unknown) => void = () => undefined,
): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (err) {
      if (tries > RECONNECTS || !droppedBeforeAnswer(err) || stopped()) throw err;
      onDrop(err);
    }
  }
}
