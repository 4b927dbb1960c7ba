import { describeEvent, isEventStream, jsonEvents } from '../engine/stream-helpers';
import type { Check, Finding } from '../engine/types';

/**
 * `sequence_number` orders the events (contract §6): it rises strictly, and (as the document's
 * ResponseStreamEvent states) starts at 0 and increases by exactly 1, so a gap means a lost event.
 */
export const streamSequenceRising: Check = {
  name: 'stream-sequence-rising',
  family: 'stream',
  rule: '§6',
  applies: isEventStream,
  verify(exchange) {
    const findings: Finding[] = [];
    let previous: number | undefined;
    for (const event of jsonEvents(exchange)) {
      const n = event.body.sequence_number;
      if (typeof n !== 'number') continue; // a missing number is the schema check's finding
      if (previous === undefined && n !== 0) {
        findings.push({
          message: `the first sequence_number is ${n}`,
          expected: 'sequence_number starting at 0',
          excerpt: event.raw,
        });
      } else if (previous !== undefined && n <= previous) {
        findings.push({
          message: `${describeEvent(event)} has sequence_number ${n} after ${previous}`,
          expected: 'strictly rising sequence_number',
          excerpt: event.raw,
        });
      } else if (previous !== undefined && n !== previous + 1) {
        findings.push({
          message: `sequence_number jumps from ${previous} to ${n} at ${describeEvent(event)}`,
          expected: 'sequence_number increasing by 1 (no gaps)',
          excerpt: event.raw,
        });
      }
      previous = n;
      if (findings.length >= 3) break;
    }
    return findings;
  },
};
