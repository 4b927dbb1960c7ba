import type { Contract } from '../../kit/contract/contract';
import { GENERIC_CHECKS } from '../checks/generic-checks';
import { ConfigError } from '../config/config-error';
import type { ConformanceConfig } from '../config/resolve-config';
import { createGatewayClient } from '../http/gateway-client';
import type { Keys } from '../http/credentials';
import { baseRequest } from '../scenarios/base-requests';
import { buildScenarios } from '../scenarios/all-scenarios';
import { createCheckContext } from './check-context';
import { evaluateExchange } from './evaluate-exchange';
import { Limiter } from './limiter';
import { matchesOnly } from './match-only';
import { PREFLIGHT_TIMEOUT_MS, preflight, resetTarget } from './preflight';
import { Recorder } from './recorder';
import type { PlanContext, Scenario, ScenarioContext } from './scenario';

export interface SuiteOptions {
  readonly contract: Contract;
  /** A config whose base URL is known (the CLI fills it in after starting the mock). */
  readonly config: ConformanceConfig & { readonly baseUrl: string };
  /** Replaces the scenario list (tests); defaults to every scenario of the suite. */
  readonly scenarios?: (plan: PlanContext) => Scenario[];
  readonly log?: (line: string) => void;
}

export interface PlannedScenario {
  readonly id: string;
  readonly title: string;
  readonly operationId: string;
  readonly skipReason?: string;
}

export interface SuiteResult {
  readonly config: ConformanceConfig & { readonly baseUrl: string };
  readonly recorder: Recorder;
  readonly scenarios: readonly PlannedScenario[];
  readonly operations: readonly string[];
  /** operationId → documented status keys. */
  readonly documentedStatuses: ReadonlyMap<string, readonly string[]>;
  readonly startedAt: Date;
  readonly durationMs: number;
}

/** Runs the suite once: preflight, reset, the concurrent main phase, the mutating phase, the property phase. */
export async function runSuite(options: SuiteOptions): Promise<SuiteResult> {
  const { contract, config } = options;
  const log = options.log ?? (() => undefined);
  const startedAt = new Date();
  const started = performance.now();
  const plan = planContext(contract, config);
  const checks = plan.checks;
  const keys: Keys = {
    apiKey: config.apiKey,
    managementKey: config.managementKey,
    guardedApiKey: config.guardrail.guardedApiKey,
  };
  const settings = {
    baseUrl: config.baseUrl,
    keys,
    requestTimeoutMs: config.requestTimeoutMs,
    eventTimeoutMs: config.eventTimeoutMs,
  };
  const probe = createGatewayClient({
    ...settings,
    requestTimeoutMs: Math.min(PREFLIGHT_TIMEOUT_MS, config.requestTimeoutMs),
  });
  const probeRequest = baseRequest(plan, 'listEmbeddingsModels');
  await preflight(probe, plan.operation('listEmbeddingsModels'), probeRequest, config.baseUrl);
  if (config.resetUrl) await resetTarget(config.resetUrl, config.managementKey);

  const recorder = new Recorder();
  const client = createGatewayClient(settings);
  const limiter = new Limiter(config.concurrency);
  const all = planScenarios(plan, options.scenarios);
  if (all.length === 0) throw new ConfigError(`no scenario matches --only ${config.only.join(',')}`);
  const contextFor = (scenario: Scenario): ScenarioContext => ({
    config,
    checks,
    async send(request, expectations = [], operationId = scenario.operationId) {
      const exchange = await limiter.run(() => client.send(scenario.id, plan.operation(operationId), request));
      evaluateExchange(exchange, GENERIC_CHECKS, expectations, checks, recorder, keys);
      return exchange;
    },
  });
  const runOne = async (scenario: Scenario): Promise<void> => {
    if (scenario.skipReason !== undefined) {
      recorder.skip(scenario.id, scenario.operationId, scenario.skipReason);
      return;
    }
    try {
      await scenario.run(contextFor(scenario));
      if (recorder.countFor(scenario.id) === 0) throw new Error('the scenario produced no check results');
    } catch (err) {
      recorder.fail('rules', scenarioFailure(scenario, (err as Error).message));
    }
  };

  for (const phase of ['main', 'mutating', 'property'] as const) {
    const batch = all.filter((s) => s.phase === phase);
    log(`${phase}: ${batch.length} scenario(s)`);
    if (phase === 'mutating') for (const scenario of batch) await runOne(scenario);
    else await Promise.all(batch.map(runOne));
  }
  if (config.resetUrl) await resetTarget(config.resetUrl, config.managementKey);

  return {
    config,
    recorder,
    scenarios: all.map(({ id, title, operationId, skipReason }) => ({ id, title, operationId, skipReason })),
    operations: [...checks.operations.keys()],
    documentedStatuses: new Map(
      [...checks.operations.values()].map((op) => [op.operationId, [...op.responses.keys()]]),
    ),
    startedAt,
    durationMs: Math.round(performance.now() - started),
  };
}

/** What scenario factories read; synchronous, so a jest entry can list the scenarios up front. */
export function planContext(contract: Contract, config: ConformanceConfig): PlanContext {
  const checks = createCheckContext(contract);
  return {
    config,
    contract,
    checks,
    operation(operationId) {
      const op = checks.operations.get(operationId);
      if (!op) throw new Error(`the document has no operation ${operationId}`);
      return op;
    },
  };
}

/** The scenarios a run executes, `--only` applied. */
export function planScenarios(
  plan: PlanContext,
  factory: (plan: PlanContext) => Scenario[] = buildScenarios,
): Scenario[] {
  return factory(plan).filter((s) => matchesOnly(plan.config.only, s));
}

function scenarioFailure(scenario: Scenario, message: string) {
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
