import { lifecycleOrder } from '../../kit/stream/rules/lifecycle-order';
import { streamRuleCheck } from '../engine/stream-helpers';

/** Response.created first, one terminal event last, one response id (kit/stream/rules/lifecycle-order.ts). */
export const streamLifecycleOrder = streamRuleCheck(lifecycleOrder);
