import { ConfigError } from '../config/config-error';
import type { SuiteScenario } from '../engine/scenario';
import { resetTarget } from '../engine/reset-target';
import type { GatewayClient } from '../http/gateway-client';

/**
 * Whether the run needs the target's state restored: a scenario in scope that changes it (the
 * `mutating` phase, such as unassigning a guardrail's keys) and can run. A run of `--only
 * createResponse` changes nothing, so a reset address that does not answer cannot spoil it.
 */
export function scopeNeedsReset(scenarios: readonly SuiteScenario[]): boolean {
  return scenarios.some((s) => s.phase === 'mutating' && s.skipReason === undefined);
}

/**
 * Resets the target (engine/reset-target.ts). A failed reset stops the run only when `needed`;
 * otherwise it is one warning line and the run goes on.
 */
export async function resetForScope(
  resetUrl: string,
  needed: boolean,
  hasManagementKey: boolean,
  clientFor: (baseUrl: string) => GatewayClient,
  log: (line: string) => void,
): Promise<void> {
  try {
    await resetTarget(resetUrl, hasManagementKey, clientFor);
  } catch (err) {
    if (needed || !(err instanceof ConfigError)) throw err;
    log(`warning: ${err.message}; no scenario in scope changes the target's state, so the run goes on without it`);
  }
}
