import { doneLast } from '../../kit/stream/rules/done-last';
import { streamRuleCheck } from '../engine/stream-helpers';

/**
 * The stream ends with `data: [DONE]` and nothing follows it (kit/stream/rules/done-last.ts). A
 * stalled stream is stream-completes-in-time's finding: the missing `[DONE]` is its knock-on.
 */
export const streamDoneLast = streamRuleCheck(doneLast);
