import { DONE_DATA } from '../../sse/read-sse';
import type { StreamProblem, StreamRule } from '../stream-rule';

/** The stream ends with the sentinel `data: [DONE]` and nothing follows it (ResponseStreamEvent). */
export const doneLast: StreamRule = {
  name: 'stream-done-last',
  rule: '#/components/schemas/ResponseStreamEvent',
  problems({ stream }) {
    const problems: StreamProblem[] = [];
    if (!stream.sawDone && stream.unterminated?.data === DONE_DATA)
      problems.push({
        message: "the stream's last event `data: [DONE]` has no blank line after it, so SSE clients discard it",
        expected: 'data: [DONE] followed by a blank line as the last event',
        // Still unfinished: a reader that gave up waiting reports the stall, naming the lost [DONE].
        unfinished: true,
      });
    else if (!stream.sawDone)
      problems.push({
        message: `the stream ended after ${stream.events.length} events without data: [DONE]`,
        expected: 'data: [DONE] as the last event',
        unfinished: true,
      });
    if (stream.afterDone > 0)
      problems.push({
        message: `${stream.afterDone} event(s) came after [DONE]`,
        expected: 'nothing after data: [DONE]',
      });
    return problems;
  },
};
