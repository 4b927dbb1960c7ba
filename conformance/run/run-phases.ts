import type { OperationInfo } from '../../kit/contract/operations';
import { GENERIC_CHECKS } from '../checks/generic-checks';
import { responseTimeWithinLimit } from '../checks/response-time-within-limit';
import type { GatewayClient } from '../http/gateway-client';
import type { Wire } from '../engine/build-failure';
import { evaluateExchange } from '../engine/evaluate-exchange';
import { Limiter } from '../engine/limiter';
import { Liveness } from '../engine/liveness';
import { OperationNotInDocument } from '../engine/not-in-document';
import { Progress } from '../engine/progress';
import type { Recorder } from '../engine/recorder';
import type { RunControl } from '../engine/run-control';
import { RunStopped } from '../engine/run-control';
import type { PlanContext, SuiteScenario, ScenarioContext } from '../engine/scenario';
import type { Failure } from '../engine/types';

export interface PhasesInput {
  readonly plan: PlanContext;
  /** The run's scenarios, `--only` applied; each runs in its phase. */
  readonly scenarios: readonly SuiteScenario[];
  readonly client: GatewayClient;
  readonly control: RunControl;
  readonly recorder: Recorder;
  readonly wire: Wire;
  readonly log: (line: string) => void;
  readonly progressIntervalMs: number;
}

/**
 * The scenarios, phase by phase: the main phase concurrently, the mutating phase one at a time,
 * the property phase concurrently. Every exchange goes through the generic checks and the
 * scenario's own; a stopped run (`control`) ends after the requests in flight.
 */
export async function runPhases(input: PhasesInput): Promise<void> {
  const { plan, client, control, recorder, wire } = input;
  const { config, checks } = plan;
  const limiter = new Limiter(config.concurrency);
  const liveness = new Liveness(config.requestTimeoutMs);
  const progress = new Progress({ log: input.log, intervalMs: input.progressIntervalMs });
  const generic =
    config.maxResponseTimeMs === undefined
      ? GENERIC_CHECKS
      : [...GENERIC_CHECKS, responseTimeWithinLimit(config.maxResponseTimeMs)];
  const exchangeOf = async (
    scenario: SuiteScenario,
    operation: string | OperationInfo,
    request: Parameters<ScenarioContext['send']>[0],
  ) => {
    const info = typeof operation === 'string' ? plan.operation(operation) : operation;
    const operationId = info.operationId;
    control.check();
    const exchange = await limiter.run(async () => {
      control.check();
      const token = progress.requestStarted(operationId);
      try {
        return await client.send(scenario.id, info, request);
      } finally {
        progress.requestEnded(token);
      }
    });
    control.check(); // aborted in flight: no verdict on a request the run cut off
    const stop = liveness.note(exchange);
    if (stop) control.stop({ kind: 'target-stopped', reason: stop });
    return exchange;
  };
  const contextFor = (scenario: SuiteScenario): ScenarioContext => ({
    config,
    checks,
    async send(request, expectations = [], operation = scenario.operationId) {
      const exchange = await exchangeOf(scenario, operation, request);
      const before = recorder.results.length;
      evaluateExchange(exchange, generic, expectations, checks, recorder, wire);
      progress.failed(
        exchange.operation.operationId,
        recorder.results.slice(before).filter((r) => r.outcome === 'fail').length,
      );
      return exchange;
    },
    probe: (request, operationId = scenario.operationId) => exchangeOf(scenario, operationId, request),
  });
  const runOne = async (scenario: SuiteScenario): Promise<void> => {
    const began = performance.now();
    try {
      if (scenario.skipReason !== undefined) {
        recorder.skip(scenario.id, scenario.operationId, scenario.skipReason);
        return;
      }
      const ctx = contextFor(scenario);
      const unmet = await scenario.precondition?.(ctx);
      if (unmet !== undefined) {
        recorder.skip(scenario.id, scenario.operationId, unmet);
        return;
      }
      await scenario.run(ctx);
      if (recorder.countFor(scenario.id) === 0) throw new Error('the scenario produced no check results');
    } catch (err) {
      if (err instanceof RunStopped || control.stopped) return;
      // A request to an operation the --spec document lacks: the rest of the scenario does not apply.
      if (err instanceof OperationNotInDocument) return recorder.skip(scenario.id, err.operationId, err.message);
      recorder.fail('rules', scenarioFailure(scenario, (err as Error).message));
    } finally {
      recorder.ran(scenario.id, began, performance.now());
      progress.scenarioEnded(scenario);
    }
  };

  try {
    for (const phase of ['main', 'mutating', 'property'] as const) {
      if (control.stopped) break;
      const batch = input.scenarios.filter((s) => s.phase === phase);
      progress.startPhase(phase, batch);
      if (phase === 'mutating') for (const scenario of batch) await runOne(scenario);
      else await Promise.all(batch.map(runOne));
    }
  } finally {
    progress.close();
  }
}

function scenarioFailure(scenario: SuiteScenario, message: string): Failure {
  return {
    check: 'scenario-completes',
    operation: scenario.operationId,
    scenario: scenario.id,
    rule: '-',
    message: `the scenario could not finish: ${message}`,
    request: { method: '-', url: '-', headers: {} },
    received: { headers: {}, body: '' },
    expected: 'the scenario runs to the end',
    curl: '',
  };
}
