import { DONE_DATA } from '../../kit/sse/read-sse';
import { isEventStream } from '../engine/stream-helpers';
import type { Check, Finding } from '../engine/types';

/** The stream ends with the sentinel `data: [DONE]` and nothing follows it (contract §4.1, §6). */
export const streamDoneLast: Check = {
  name: 'stream-done-last',
  family: 'stream',
  rule: '§4.1/§6',
  applies: (exchange) => isEventStream(exchange) && exchange.stream?.stalled === undefined,
  verify(exchange) {
    const stream = exchange.stream;
    if (!stream) return [];
    const findings: Finding[] = [];
    if (!stream.sawDone && stream.unterminated?.data === DONE_DATA)
      findings.push({
        message: "the stream's last event `data: [DONE]` has no blank line after it, so SSE clients discard it",
        expected: 'data: [DONE] followed by a blank line as the last event',
      });
    else if (!stream.sawDone)
      findings.push({
        message: `the stream ended after ${stream.events.length} events without data: [DONE]`,
        expected: 'data: [DONE] as the last event',
      });
    if (stream.afterDone > 0)
      findings.push({
        message: `${stream.afterDone} event(s) came after [DONE]`,
        expected: 'nothing after data: [DONE]',
      });
    return findings;
  },
};
