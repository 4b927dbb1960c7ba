import type { ConformanceConfig } from '../config/resolve-config';
import { causeOf } from '../engine/failure-cause';
import type { Failure } from '../engine/types';
import { judged } from './feature-matrix';
import type { RootCause } from './root-causes';

/**
 * The root causes with those the run's verdict counts first (the profile judges one of their
 * failures, or `--require` names its feature), each marked `judged`; the rest keep their order
 * after them, marked `judged: false`. Under the full profile every cause is judged.
 */
export function judgedFirst(
  groups: readonly RootCause[],
  failures: readonly Failure[],
  config: Pick<ConformanceConfig, 'profile' | 'require'>,
): RootCause[] {
  if (config.profile === 'full') return groups.map((group) => ({ ...group, judged: true }));
  const counted = new Set<string>();
  for (const failure of failures)
    if (judged(config, failure.features, failure.operation)) counted.add(causeOf(failure));
  const marked = groups.map((group) => ({ ...group, judged: counted.has(group.cause) }));
  return [...marked.filter((group) => group.judged), ...marked.filter((group) => !group.judged)];
}
