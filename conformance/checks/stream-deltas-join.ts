import { deltasJoin } from '../../kit/stream/rules/deltas-join';
import { streamRuleCheck } from '../engine/stream-helpers';

/** Deltas joined equal the done text (kit/stream/rules/deltas-join.ts). */
export const streamDeltasJoin = streamRuleCheck(deltasJoin);
