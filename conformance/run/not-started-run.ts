import type { Contract } from '../../kit/contract/contract';
import type { ConformanceConfig } from '../config/resolve-config';
import { Recorder } from '../engine/recorder';
import type { SuiteScenario } from '../engine/scenario';
import { planContext, planScenarios } from './run-suite';
import type { SuiteResult } from './run-suite';

/**
 * The result of a run that stopped before judging anything (the preflight refused the target, it
 * is not this API, it does not answer): every planned scenario not run, the reason as the run's
 * stop. Written as the three reports, so a CI job's upload and JUnit steps find them and show why.
 */
export function notStartedRun(
  contract: Contract,
  config: ConformanceConfig,
  reason: string,
  startedAt: Date,
  durationMs: number,
): SuiteResult {
  const plan = planContext(contract, config);
  let planned: SuiteScenario[] = [];
  try {
    planned = planScenarios(plan);
  } catch {
    // A plan that cannot be made (an `--only` that matches nothing) is the reason itself.
  }
  const scope = new Set(planned.map((s) => s.operationId));
  const all = [...plan.checks.operations.keys()];
  const outOfScope = all.filter((op) => !scope.has(op));
  return {
    config: { ...config, baseUrl: config.baseUrl ?? '' },
    recorder: new Recorder(),
    scenarios: planned.map(({ id, title, operationId, skipReason }) => ({ id, title, operationId, skipReason })),
    operations: all.filter((op) => scope.has(op)),
    ...(outOfScope.length > 0 && planned.length > 0 ? { outOfScope } : {}),
    documentedStatuses: new Map(
      [...plan.checks.operations.values()].map((op) => [op.operationId, [...op.responses.keys()]]),
    ),
    startedAt,
    features: plan.checks.features,
    durationMs,
    incomplete: { kind: 'not-started', reason },
  };
}
