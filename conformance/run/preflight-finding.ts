import type { Finding } from '../engine/types';

/**
 * What the preflight found wrong in an answer that contradicts the contract rather than showing a
 * bad setting: recorded as a failure of `check` (exit 1, scenario `preflight`), and the run goes on.
 */
export interface PreflightFinding {
  readonly check: string;
  readonly family: 'guardrail' | 'auth' | 'catalog';
  readonly rule: string;
  readonly finding: Finding;
}
