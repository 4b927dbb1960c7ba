import type { RunningStreams } from '../running-streams';
import type { Pacing } from './pacing';
import { pause, tokenIntervalMs } from './pacing';
import type { SseWriter } from './sse-writer';
import type { PlannedEvent } from './stream-events';

/** A stream's way out when the mock shuts down while it is still running. */
export interface StreamShutdown {
  /** The server's running streams; its shutdown ends this one when it stops waiting for requests in flight. */
  readonly streams: RunningStreams;
  /** The events that end the stream then, numbered from `nextSequence`. */
  readonly tail: (nextSequence: number) => Iterable<PlannedEvent>;
}

/**
 * Sends planned events with the pacing applied: the first token delta waits
 * `firstTokenDelayMs`, each later one 1/`tokensPerSecond` s. Everything written so far is
 * flushed before a wait, so the client sees it. A client that goes away aborts `signal`:
 * the pending wait or write rejects with an AbortError and nothing more is computed or sent.
 * When the server's shutdown ends it first, the pending wait ends at once and the stream closes with
 * `shutdown.tail` and `[DONE]`, so the client gets a well-formed end rather than a cut connection.
 */
export async function writeStream(
  writer: SseWriter,
  events: Iterable<PlannedEvent>,
  pacing: Pacing,
  signal: AbortSignal,
  shutdown?: StreamShutdown,
): Promise<void> {
  const interval = tokenIntervalMs(pacing);
  const stop = stopper(signal, shutdown?.streams);
  let seenToken = false;
  let nextSequence = 0;
  try {
    for (const { event, token } of events) {
      if (token) {
        const wait = seenToken ? interval : pacing.firstTokenDelayMs;
        seenToken = true;
        if (wait > 0) {
          await writer.flush();
          await pause(wait, stop.signal);
        }
      }
      stop.signal.throwIfAborted();
      await writer.event(event);
      nextSequence = (event.sequence_number as number) + 1;
    }
  } catch (error) {
    if (signal.aborted || !stop.byShutdown || !shutdown) throw error;
    for (const { event } of shutdown.tail(nextSequence)) await writer.event(event);
  } finally {
    stop.dispose();
  }
  await writer.done();
}

/**
 * A signal aborted when the client goes away or the server's shutdown ends the stream, whichever
 * comes first; `dispose` removes its one listener (on the client's own signal) and its entry in
 * the server's running streams. Not `AbortSignal.any` nor a listener on a server-wide signal: both
 * pile up per stream on one long-lived signal (nodejs/node#55351, MaxListenersExceededWarning).
 */
function stopper(
  client: AbortSignal,
  streams: RunningStreams | undefined,
): { readonly signal: AbortSignal; readonly byShutdown: boolean; dispose(): void } {
  if (!streams) return { signal: client, byShutdown: false, dispose: () => undefined };
  const controller = new AbortController();
  let byShutdown = false;
  const abort = (): void => controller.abort();
  if (client.aborted) abort();
  client.addEventListener('abort', abort, { once: true });
  const unregister = streams.add(() => {
    byShutdown = !controller.signal.aborted;
    abort();
  });
  return {
    signal: controller.signal,
    get byShutdown() {
      return byShutdown;
    },
    dispose: () => {
      client.removeEventListener('abort', abort);
      unregister();
    },
  };
}
