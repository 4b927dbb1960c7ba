import { pairsMatched } from '../../kit/stream/rules/pairs-matched';
import { streamRuleCheck } from '../engine/stream-helpers';

/** Every .added has one .done after it (kit/stream/rules/pairs-matched.ts). */
export const streamPairsMatched = streamRuleCheck(pairsMatched);
