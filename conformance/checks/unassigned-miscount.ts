import type { Finding } from '../engine/types';

/** What one unassignment request sent: the distinct assigned hashes, how often each, and the unknown ones. */
export interface UnassignSent {
  /** Distinct hashes of keys assigned to the guardrail. */
  readonly assigned: number;
  /** How many times each assigned hash is in `key_hashes`. */
  readonly timesEach: number;
  /** Hashes of no key, each sent once. */
  readonly unknown: number;
}

/** The count the contract asks for: each assigned key once (UnassignKeysResult: repeats and unknown hashes count 0). */
export function rightCount(sent: UnassignSent): number {
  return sent.assigned;
}

const RULE =
  'the contract counts keys actually unassigned: a repeated hash and an unknown hash count 0 (UnassignKeysResult)';

/**
 * A wrong `unassigned_count` explained by what the gateway counted, when the number matches a
 * known miscount: every occurrence of an assigned hash (repeats counted again), the unknown hashes,
 * or every hash sent. Undefined when it matches none of them (the configured hashes are then the
 * likely cause). The request sends each assigned hash more than twice so these counts differ.
 */
export function explainMiscount(got: number, sent: UnassignSent): Finding | undefined {
  const { assigned, timesEach, unknown } = sent;
  if (assigned === 0 || got === rightCount(sent)) return undefined;
  const counts: ReadonlyArray<[number, string, string]> = [
    [
      assigned * timesEach + unknown,
      `every hash sent was counted (${assigned * timesEach + unknown}: each repeat and each unknown hash too)`,
      'every key hash sent counted, repeats and unknown ones included',
    ],
    [
      assigned * timesEach,
      `each assigned key was counted once per time its hash was sent (${timesEach} times each): repeats counted again`,
      'repeated key hashes counted again instead of once',
    ],
    [
      assigned + unknown,
      `the ${unknown} unknown hash(es) were counted as unassigned keys`,
      'key hashes of no assigned key counted as unassigned',
    ],
  ];
  const match = counts.find(([count]) => count === got);
  if (!match) return undefined;
  return {
    message: `unassigned_count is ${got}: ${match[1]}; ${RULE}`,
    expected: `unassigned_count ${assigned} (${assigned} assigned key(s), each sent ${timesEach} times, plus ${unknown} unknown hash(es))`,
    cause: `unassigned_count: ${match[2]}`,
  };
}
