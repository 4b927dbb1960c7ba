import { CORE_FEATURE, OPENAI_OPERATIONS } from '../../kit/contract/core-members';
import type { ConformanceConfig } from './resolve-config';

/**
 * Whether the run's verdict counts a failure about `features` on `operation`: any of them
 * `--require`d, or judged by the profile: `full` judges everything; `openai` the core (what no
 * `x-feature` marks), on an operation OpenAI's API defines (kit/contract/core-members.ts).
 */
export function judged(
  config: Pick<ConformanceConfig, 'profile' | 'require'>,
  features: readonly string[] = [],
  operation?: string,
): boolean {
  if (config.profile === 'full') return true;
  const about = features.length === 0 ? [CORE_FEATURE] : features;
  if (about.some((f) => config.require.includes(f))) return true;
  return about.includes(CORE_FEATURE) && (operation === undefined || OPENAI_OPERATIONS.includes(operation));
}
