import { isEventStream } from '../engine/stream-helpers';
import type { Check } from '../engine/types';

/** The stream keeps moving: no wait for the next event exceeds the per-event timeout (ResponseStreamEvent). */
export const streamCompletesInTime: Check = {
  name: 'stream-completes-in-time',
  family: 'stream',
  rule: 'createResponse 200 text/event-stream',
  applies: isEventStream,
  verify(exchange) {
    const stalled = exchange.stream?.stalled;
    if (!stalled) return [];
    return [
      {
        message: `the stream stalled: no event for the per-event timeout after ${stalled.afterEvents} event(s) (${stalled.afterMs} ms in)`,
        expected: 'events keep arriving until data: [DONE]',
      },
    ];
  },
};
