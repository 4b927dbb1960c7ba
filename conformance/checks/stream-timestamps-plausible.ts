import { timestampsPlausible } from '../../kit/stream/rules/timestamps-plausible';
import { streamRuleCheck } from '../engine/stream-helpers';

/** The stream's response times are Unix seconds within the run's time window (kit/stream/rules/timestamps-plausible.ts). */
export const streamTimestampsPlausible = streamRuleCheck(timestampsPlausible);
