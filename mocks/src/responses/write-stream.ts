import type { Pacing } from './pacing';
import { pause, tokenIntervalMs } from './pacing';
import type { SseWriter } from './sse-writer';
import type { PlannedEvent } from './stream-events';

/**
 * Sends planned events with the pacing applied: the first token delta waits
 * `firstTokenDelayMs`, each later one 1/`tokensPerSecond` s. Everything written so far is
 * flushed before a wait, so the client sees it. A client that goes away aborts `signal`:
 * the pending wait or write rejects with an AbortError and nothing more is computed or sent.
 */
export async function writeStream(writer: SseWriter, events: Iterable<PlannedEvent>, pacing: Pacing, signal: AbortSignal): Promise<void> {
  const interval = tokenIntervalMs(pacing);
  let seenToken = false;
  for (const { event, token } of events) {
    if (token) {
      const wait = seenToken ? interval : pacing.firstTokenDelayMs;
      seenToken = true;
      if (wait > 0) {
        await writer.flush();
        await pause(wait, signal);
      }
    }
    await writer.event(event);
  }
  await writer.done();
}
