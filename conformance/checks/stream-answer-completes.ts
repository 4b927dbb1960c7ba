import { isEventStream, streamCutBeforeItsEnd, streamEventsOf } from '../engine/stream-helpers';
import type { Check } from '../engine/types';
import { isRecord } from '../../kit/json/guards';

/**
 * A stream that answers a valid request ends with the answer: `response.completed` or
 * `response.incomplete` (createResponse, ResponseStreamEvent). One that ends with `response.failed` (an upstream
 * failure, a gateway shutting down) leaves the other stream checks nothing to verify, so it is
 * reported with the gateway's own error, as a 5xx answer to the same request in JSON would be.
 */
export const streamAnswerCompletes: Check = {
  name: 'stream-answer-completes',
  family: 'stream',
  rule: 'createResponse 200 text/event-stream',
  // A stream cut before its end has no ending to judge (stream-completes-in-time reports the cut).
  applies: (exchange) => isEventStream(exchange) && !streamCutBeforeItsEnd(exchange),
  verify(exchange) {
    const events = streamEventsOf(exchange);
    const failed = events.find((e) => e.type === 'response.failed');
    if (!failed) return [];
    const error =
      events.find((e) => e.type === 'error')?.body ??
      (isRecord(failed.body.response) ? failed.body.response.error : undefined);
    const said = isRecord(error)
      ? `${String(error.code ?? 'no code')}: ${String(error.message ?? 'no message')}`
      : 'no error given';
    return [
      {
        message: `the stream ended with response.failed (${said})`,
        expected: 'the answer to a valid request: response.completed or response.incomplete before [DONE]',
        excerpt: failed.raw,
      },
    ];
  },
};
