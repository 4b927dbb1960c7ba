import type { Contract } from '../../kit/contract/contract';
import type { ConformanceConfig } from '../config/resolve-config';
import { planContext, planScenarios } from '../run/run-suite';

/**
 * `--list`: the scenarios a run with the same options would execute, `--only` applied, one per
 * line (id, operation, what it checks, and why it would be skipped), then the operations the run
 * would leave out. Built from the same plan as a run; no request is sent.
 */
export function scenarioList(contract: Contract, config: ConformanceConfig): string {
  const plan = planContext(contract, config);
  const scenarios = planScenarios(plan);
  // A few generated ids are long: they overflow their column rather than widen it for all.
  const idWidth = Math.min(56, Math.max(8, ...scenarios.map((s) => s.id.length)));
  const opWidth = Math.max(9, ...scenarios.map((s) => s.operationId.length));
  const lines = [
    `${'scenario'.padEnd(idWidth)}  ${'operation'.padEnd(opWidth)}  what it checks`,
    ...scenarios.map(
      (s) =>
        `${s.id.padEnd(idWidth)}  ${s.operationId.padEnd(opWidth)}  ${s.title}${s.skipReason === undefined ? '' : ` (skipped: ${s.skipReason})`}`,
    ),
  ];
  const scope = new Set(scenarios.map((s) => s.operationId));
  const left = [...plan.checks.operations.keys()].filter((op) => !scope.has(op));
  const phases = ['main', 'mutating', 'property'].map(
    (phase) => `${scenarios.filter((s) => s.phase === phase).length} ${phase}`,
  );
  lines.push('', `${scenarios.length} scenario${scenarios.length === 1 ? '' : 's'} (${phases.join(', ')})`);
  if (left.length > 0) lines.push(`not in scope: ${left.join(', ')}`);
  return lines.join('\n');
}
