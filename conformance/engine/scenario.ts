import type { Contract } from '../../kit/contract/contract';
import type { OperationInfo } from '../../kit/contract/operations';
import type { ConformanceConfig } from '../config/resolve-config';
import type { CheckContext, Exchange, Expectation, RequestSpec } from './types';

/**
 * `main` scenarios run concurrently and must not change the gateway's state; `mutating` ones
 * (guardrail key unassignment) run one after another once `main` is done; `property` last.
 */
export type ScenarioPhase = 'main' | 'mutating' | 'property';

export interface SuiteScenario {
  /** Stable id, `family/what/operationId`; `--only` matches it. */
  readonly id: string;
  /** Present-tense statement of what the gateway must do. */
  readonly title: string;
  readonly operationId: string;
  readonly phase: ScenarioPhase;
  /** Why the scenario cannot run against this target (a missing key, say); undefined when it can. */
  readonly skipReason?: string;
  /**
   * Checked just before the scenario runs, for one that changes the target's state: undefined
   * when what it needs still holds (the guarded key is still blocked), else why not and how to
   * restore it; the scenario is then skipped with that reason instead of failing on it.
   */
  precondition?(ctx: ScenarioContext): Promise<string | undefined>;
  run(ctx: ScenarioContext): Promise<void>;
}

export interface ScenarioContext {
  readonly config: ConformanceConfig;
  readonly checks: CheckContext;
  /**
   * Sends a request for the scenario's operation (or another one) and evaluates every check on it.
   * `operation` may also be an OperationInfo made for a request no operation documents (an
   * undocumented method, malformed input: see engine/outside-operation.ts), whose responses
   * say what the contract asks of its answer.
   */
  send(
    request: RequestSpec,
    expectations?: readonly Expectation[],
    operation?: string | OperationInfo,
  ): Promise<Exchange>;
  /** Sends a request whose answer is read but not judged (a precondition's). */
  probe(request: RequestSpec, operationId?: string): Promise<Exchange>;
}

/** What scenario factories read to plan their requests. */
export interface PlanContext {
  readonly config: ConformanceConfig;
  readonly contract: Contract;
  readonly checks: CheckContext;
  operation(operationId: string): OperationInfo;
}

/** The reason a scenario needs to be skipped, naming the target fields it lacks. */
export function missing(fields: ReadonlyArray<readonly [string, unknown]>): string | undefined {
  const absent = fields
    .filter(([, value]) => value === undefined || (Array.isArray(value) && value.length === 0))
    .map(([name]) => name);
  return absent.length === 0 ? undefined : `the target does not provide ${absent.join(', ')}`;
}
