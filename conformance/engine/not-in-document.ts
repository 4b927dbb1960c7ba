import { displayPath } from '../../kit/files/display-path';
import type { PlanContext, SuiteScenario } from './scenario';

/**
 * Thrown by `PlanContext.operation` for an operationId the run's document does not define: a
 * document given with --spec may describe fewer operations than the shipped one. The scenarios
 * that need it are then reported as not applicable, a skip, never a failure.
 */
export class OperationNotInDocument extends Error {
  override readonly name = 'OperationNotInDocument';

  constructor(
    readonly operationId: string,
    readonly specPath: string,
  ) {
    super(notApplicableReason(operationId, specPath));
  }
}

/** The skip reason every report shows for such a scenario; it starts with "not applicable". */
export function notApplicableReason(operationId: string, specPath: string): string {
  return `not applicable: ${displayPath(specPath)} defines no operation ${operationId}`;
}

/**
 * Builds one family of scenarios; when the family cannot even be planned because the document
 * lacks an operation it is about, one skipped scenario `<family>/<operationId>/not-applicable` stands for it.
 * A scenario planned for an operation the document lacks is marked not applicable too.
 */
export function scenariosIfApplicable(
  plan: PlanContext,
  family: string,
  build: (plan: PlanContext) => SuiteScenario[],
): SuiteScenario[] {
  let scenarios: SuiteScenario[];
  try {
    scenarios = build(plan);
  } catch (err) {
    if (!(err instanceof OperationNotInDocument)) throw err;
    return [
      {
        id: notApplicableId(family, err.operationId),
        title: `not applicable: the document defines no operation ${err.operationId}`,
        operationId: err.operationId,
        phase: 'main',
        skipReason: err.message,
        run: () => Promise.resolve(),
      },
    ];
  }
  const specPath = plan.contract.specPath;
  return scenarios.map((s) =>
    plan.checks.operations.has(s.operationId) ? s : { ...s, skipReason: notApplicableReason(s.operationId, specPath) },
  );
}

/** The id of the scenario that stands for a family the document gives no operation to run on. */
export function notApplicableId(family: string, operationId: string): string {
  return `${family}/${operationId}/not-applicable`;
}
