import { framing } from '../../kit/stream/rules/framing';
import { streamRuleCheck } from '../engine/stream-helpers';

/** The stream is well-formed SSE as a real parser sees it (the rule: kit/stream/rules/framing.ts). */
export const streamFraming = streamRuleCheck(framing);
