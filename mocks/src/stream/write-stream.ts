import type { Pacing } from './pacing';
import { pause, tokenIntervalMs } from './pacing';
import type { SseWriter } from './sse-writer';
import type { PlannedEvent } from './stream-events';

/** A stream's way out when the mock shuts down while it is still running. */
export interface StreamShutdown {
  /** Aborted when the mock stops waiting for requests in flight. */
  readonly signal: AbortSignal;
  /** The events that end the stream then, numbered from `nextSequence`. */
  readonly tail: (nextSequence: number) => Iterable<PlannedEvent>;
}

/**
 * Sends planned events with the pacing applied: the first token delta waits
 * `firstTokenDelayMs`, each later one 1/`tokensPerSecond` s. Everything written so far is
 * flushed before a wait, so the client sees it. A client that goes away aborts `signal`:
 * the pending wait or write rejects with an AbortError and nothing more is computed or sent.
 * When `shutdown` fires first, the pending wait ends at once and the stream closes with
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
  const stop = eitherAborts(signal, shutdown?.signal);
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
    if (signal.aborted || !shutdown?.signal.aborted) throw error;
    for (const { event } of shutdown.tail(nextSequence)) await writer.event(event);
  } finally {
    stop.dispose();
  }
  await writer.done();
}

/**
 * A signal aborted by whichever of two aborts first; `dispose` removes its listeners. Not
 * `AbortSignal.any`: combined per stream with the server's long-lived shutdown signal, its
 * composites pile up in that signal's dependants in node (nodejs/node#55351, #64476).
 */
function eitherAborts(first: AbortSignal, second: AbortSignal | undefined): { signal: AbortSignal; dispose(): void } {
  if (!second) return { signal: first, dispose: () => undefined };
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  if (first.aborted || second.aborted) abort();
  first.addEventListener('abort', abort, { once: true });
  second.addEventListener('abort', abort, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      first.removeEventListener('abort', abort);
      second.removeEventListener('abort', abort);
    },
  };
}
