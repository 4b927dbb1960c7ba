import type { Contract } from '../../../kit/contract/contract';
import { parseCli } from '../../config/parse-cli';
import { resolveConfig } from '../../config/resolve-config';
import type { ConformanceConfig } from '../../config/resolve-config';
import { runSuite } from '../../run/run-suite';
import type { SuiteResult } from '../../run/run-suite';

/** The mock's target description (conformance/targets/mock.json) with test-friendly settings. */
export function mockTargetConfig(overrides: Partial<ConformanceConfig> = {}): ConformanceConfig {
  return {
    ...resolveConfig(parseCli([], {})),
    seed: 20240601,
    propertyRuns: 12,
    eventTimeoutMs: 1000,
    requestTimeoutMs: 5000,
    ...overrides,
  };
}

/** Runs the suite against `baseUrl`, resetting the real mock (behind any proxy) before and after. */
export function runAgainst(
  contract: Contract,
  baseUrl: string,
  mockBaseUrl: string,
  overrides: Partial<ConformanceConfig> = {},
): Promise<SuiteResult> {
  const resetUrl = `${new URL(mockBaseUrl).origin}/__mock/reset`;
  return runSuite({ contract, config: { ...mockTargetConfig(overrides), baseUrl, resetUrl } });
}

export function failingChecks(result: SuiteResult): string[] {
  return [...new Set(result.recorder.failures().map((f) => f.check))].sort();
}
