import { DONE_DATA } from '../../kit/sse/read-sse';
import { CUT_SHORT_CHECK, isEventStream } from '../engine/stream-helpers';
import type { Check, Finding } from '../engine/types';
import { DROPPED_CAUSE } from '../engine/transport-findings';

/**
 * The stream keeps moving until it ends: no wait for the next event exceeds the per-event timeout,
 * the whole stream ends within the request timeout, and the connection holds (ResponseStreamEvent). What a stream cut short never sent (its terminal
 * event, `[DONE]`) is this check's knock-on effect, not another failure.
 */
export const streamCompletesInTime: Check = {
  name: CUT_SHORT_CHECK,
  family: 'stream',
  rule: 'createResponse 200 text/event-stream',
  applies: isEventStream,
  verify(exchange) {
    const stream = exchange.stream;
    if (!stream) return [];
    const findings: Finding[] = [];
    // A last event without its blank line is data the gateway sent but no client will read: say so.
    const pending = stream.unterminated;
    const waiting =
      pending === undefined
        ? ''
        : pending.data === DONE_DATA
          ? '; its last line `data: [DONE]` was never ended by a blank line, so clients are still waiting for it'
          : // What it held is in the excerpt: in the message it would make every stream a cause of its own.
            '; its last event was cut off before the blank line that ends it';
    if (stream.stalled) {
      // Comments (`: keep-alive`) and no event yet: a gateway slow to start, perhaps, not a dead one.
      const comments =
        stream.comments.length === 0 || stream.events.length > 0
          ? ''
          : `; ${stream.comments.length} comment line(s) came (\`: ${stream.comments[0]}\`), which are not events: if the gateway is slow rather than stuck, raise --event-timeout`;
      findings.push({
        message: `the stream stalled: no event for the per-event timeout after ${stream.stalled.afterEvents} event(s) (${stream.stalled.afterMs} ms in)${waiting}${comments}`,
        expected: 'events keep arriving until data: [DONE], and the stream then ends',
        excerpt: pending?.data,
      });
    } else if (stream.overran) {
      findings.push({
        message: `the stream had not ended within the request timeout (${stream.overran.afterMs} ms), after ${stream.overran.afterEvents} event(s)${waiting}`,
        expected: 'a stream that ends with data: [DONE] within the request timeout (--request-timeout)',
        excerpt: pending?.data,
      });
    } else if (stream.transportError !== undefined) {
      findings.push({
        message: `the connection broke after ${stream.events.length} event(s): ${stream.transportError}${waiting}`,
        expected: 'the stream runs to data: [DONE] on one connection',
        excerpt: pending?.data,
        // Counted with every other request whose connection dropped under it.
        cause: DROPPED_CAUSE,
      });
    }
    return findings;
  },
};
