import { itemsConsistent } from '../../kit/stream/rules/items-consistent';
import { streamRuleCheck } from '../engine/stream-helpers';

/** Item ids and indexes agree; the final output is the items as done (kit/stream/rules/items-consistent.ts). */
export const streamItemsConsistent = streamRuleCheck(itemsConsistent);
