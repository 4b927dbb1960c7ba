import { doneLast } from '../../kit/stream/rules/done-last';
import { isEventStream, streamRuleCheck } from '../engine/stream-helpers';

/**
 * The stream ends with `data: [DONE]` and nothing follows it (kit/stream/rules/done-last.ts).
 * A stalled stream is stream-completes-in-time's finding, not this one's.
 */
export const streamDoneLast = streamRuleCheck(
  doneLast,
  (exchange) => isEventStream(exchange) && exchange.stream?.stalled === undefined,
);
