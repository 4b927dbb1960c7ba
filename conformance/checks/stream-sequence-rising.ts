import { sequenceRising } from '../../kit/stream/rules/sequence-rising';
import { streamRuleCheck } from '../engine/stream-helpers';

/** Sequence_number from 0, rising by 1 (kit/stream/rules/sequence-rising.ts). */
export const streamSequenceRising = streamRuleCheck(sequenceRising);
