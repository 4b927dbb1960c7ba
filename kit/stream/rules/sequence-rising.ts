import { describeEvent } from '../stream-events';
import type { StreamProblem, StreamRule } from '../stream-rule';

/**
 * `sequence_number` orders the events: it rises strictly, and (ResponseStreamEvent: "numbered from
 * 0, increasing by 1") starts at 0 and increases by exactly 1, so a gap means a lost event.
 */
export const sequenceRising: StreamRule = {
  name: 'stream-sequence-rising',
  rule: '#/components/schemas/ResponseStreamEvent',
  problems({ events }) {
    const problems: StreamProblem[] = [];
    let previous: number | undefined;
    for (const event of events) {
      const n = event.body.sequence_number;
      if (typeof n !== 'number') continue; // a missing number is the schema rule's finding
      if (previous === undefined && n !== 0) {
        problems.push({
          message: `the first sequence_number is ${n}`,
          expected: 'sequence_number starting at 0',
          excerpt: event.raw,
        });
      } else if (previous !== undefined && n <= previous) {
        problems.push({
          message: `${describeEvent(event)} has sequence_number ${n} after ${previous}`,
          expected: 'strictly rising sequence_number',
          excerpt: event.raw,
        });
      } else if (previous !== undefined && n !== previous + 1) {
        problems.push({
          message: `sequence_number jumps from ${previous} to ${n} at ${describeEvent(event)}`,
          expected: 'sequence_number increasing by 1 (no gaps)',
          excerpt: event.raw,
        });
      }
      previous = n;
      if (problems.length >= 3) break;
    }
    return problems;
  },
};
