import { fnv1a } from '../../kit/sample/seeded-random';
import type { ConformanceConfig } from '../config/resolve-config';

/**
 * The scenarios of one shard (`--shard I/N`): the list ordered by a hash of the seed and each
 * scenario's id, then every N-th from the I-th. The same seed and the same list give every machine
 * the same split; the shares differ in size by one at most, and together they are the whole list,
 * each scenario in one share. Kept in their planned order.
 */
export function scenariosOfShard<T extends { readonly id: string }>(
  scenarios: readonly T[],
  shard: NonNullable<ConformanceConfig['shard']>,
  seed: number,
): T[] {
  const ranked = scenarios
    .map((scenario, at) => ({ at, rank: fnv1a(`${seed}:${scenario.id}`) }))
    .sort((a, b) => a.rank - b.rank || a.at - b.at);
  const mine = new Set(ranked.filter((_, i) => i % shard.count === shard.index - 1).map((r) => r.at));
  return scenarios.filter((_, at) => mine.has(at));
}
