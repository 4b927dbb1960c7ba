import type { Contract } from '../../kit/contract/contract';
import type { OperationInfo } from '../../kit/contract/operations';
import type { FeatureIndex } from '../../kit/contract/feature-index';
import { GENERIC_CHECKS } from '../checks/generic-checks';
import { responseTimeWithinLimit } from '../checks/response-time-within-limit';
import { checkRequiredFeatures } from '../config/check-features';
import { ConfigError } from '../config/config-error';
import { resolveResetUrl } from '../config/resolve-config';
import type { ConformanceConfig } from '../config/resolve-config';
import { createGatewayClient } from '../http/gateway-client';
import type { ClientSettings, GatewayClient } from '../http/gateway-client';
import type { Keys } from '../http/credentials';
import { createNameMap } from '../http/name-map';
import { secretHeaderValues } from '../http/extra-headers';
import { secretNames } from '../../kit/secrets/secret-names';
import { buildScenarios } from '../scenarios/all-scenarios';
import type { Wire } from './build-failure';
import { createCheckContext } from './check-context';
import { evaluateExchange } from './evaluate-exchange';
import { Limiter } from './limiter';
import { OperationNotInDocument } from './not-in-document';
import { Liveness } from './liveness';
import { matchesOnly } from './match-only';
import { PREFLIGHT_TIMEOUT_MS, preflight } from './preflight';
import { resetTarget } from './reset-target';
import { countingDrops, recordDropsWhileStarting } from './transport-findings';
import type { DropRecording } from './transport-findings';
import { waitForTarget } from './wait-for-target';
import { Progress } from './progress';
import { Recorder } from './recorder';
import { RunControl, RunStopped } from './run-control';
import type { RunStop } from './run-control';
import type { PlanContext, Scenario, ScenarioContext } from './scenario';
import type { Failure } from './types';

export interface SuiteOptions {
  readonly contract: Contract;
  /** A config whose base URL is known (the CLI fills it in after starting the mock). */
  readonly config: ConformanceConfig & { readonly baseUrl: string };
  /** Replaces the scenario list (tests); defaults to every scenario of the suite. */
  readonly scenarios?: (plan: PlanContext) => Scenario[];
  /** Progress lines (the CLI: stderr). */
  readonly log?: (line: string) => void;
  /** How often a progress line says where the run is (default 10 s; 0 never). */
  readonly progressIntervalMs?: number;
  /** Aborting it stops the run: what ran is returned, marked incomplete (the CLI's SIGINT/SIGTERM). */
  readonly signal?: AbortSignal;
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
  /** The operations the run covers (those of its scenarios): the only ones asked and reported. */
  readonly operations: readonly string[];
  /** The spec's operations `--only` left out: reported as not in scope, never as failures. */
  readonly outOfScope?: readonly string[];
  /** operationId → documented status keys. */
  readonly documentedStatuses: ReadonlyMap<string, readonly string[]>;
  readonly startedAt: Date;
  readonly durationMs: number;
  /** Set when the run stopped before its end: the results cover what ran. */
  readonly incomplete?: RunStop;
  /** True for traffic the suite did not send (observeTraffic): there is no seed to replay. */
  readonly observed?: boolean;
  /** The features the document marks, for the feature matrix (report/feature-matrix.ts). */
  readonly features?: FeatureIndex;
}

export const PROGRESS_INTERVAL_MS = 10_000;

/**
 * Runs the suite once: preflight (the target is this API, the keys work), reset, the concurrent
 * main phase, the mutating phase, the property phase. It stops early, with what ran, when the
 * caller aborts or the target stops answering.
 */
export async function runSuite(options: SuiteOptions): Promise<SuiteResult> {
  const { contract, config } = options;
  const log = options.log ?? (() => undefined);
  const startedAt = new Date();
  const started = performance.now();
  const control = new RunControl(options.signal);
  const plan = planContext(contract, config);
  const checks = plan.checks;
  const secret = secretNames(config.redact);
  const keys: Keys = {
    apiKey: config.apiKey,
    managementKey: config.managementKey,
    guardedApiKey: config.guardrail.guardedApiKey,
    secrets: secretHeaderValues(config.headers, secret),
  };
  const wire: Wire = {
    keys,
    names: createNameMap(config.names),
    headers: config.headers,
    secretNames: secret,
    strictHttp: config.strictHttp === true,
  };
  const settings = {
    baseUrl: config.baseUrl,
    keys,
    names: wire.names,
    requestTimeoutMs: config.requestTimeoutMs,
    eventTimeoutMs: config.eventTimeoutMs,
    signal: control.signal,
    proxyEnv: config.proxyEnv,
    headers: config.headers,
  };
  const recorder = new Recorder();
  // Every request of the run goes through a client made here: its drops are counted, whatever the phase.
  const clientOf = (overrides: Partial<ClientSettings> = {}, record?: DropRecording): GatewayClient =>
    countingDrops(createGatewayClient({ ...settings, ...overrides }), recorder, wire, config, record);
  const all = planScenarios(plan, options.scenarios);
  const scope = new Set(all.map((s) => s.operationId));
  const [operations, outOfScope] = splitByScope([...checks.operations.keys()], scope);
  const finish = (): SuiteResult => ({
    config,
    recorder,
    scenarios: all.map(({ id, title, operationId, skipReason }) => ({ id, title, operationId, skipReason })),
    operations,
    ...(outOfScope.length > 0 ? { outOfScope } : {}),
    documentedStatuses: new Map(
      [...checks.operations.values()].map((op) => [op.operationId, [...op.responses.keys()]]),
    ),
    startedAt,
    features: checks.features,
    durationMs: Math.round(performance.now() - started),
    ...(control.stopped ? { incomplete: control.stopped } : {}),
  });
  if (all.length === 0) throw new ConfigError(`no scenario matches --only ${config.only.join(',')}`);

  const requestTimeoutMs = Math.min(PREFLIGHT_TIMEOUT_MS, config.requestTimeoutMs);
  const shortClientFor = (baseUrl: string) => clientOf({ baseUrl, requestTimeoutMs });
  const resetUrl = resolveResetUrl(config.resetUrl, config.baseUrl);
  try {
    await waitForTarget({
      plan,
      scope,
      baseUrl: config.baseUrl,
      client: clientOf({ requestTimeoutMs }, recordDropsWhileStarting),
      seconds: config.waitSeconds,
      log,
      signal: control.signal,
    });
    await preflight({ plan, scope, baseUrl: config.baseUrl, clientFor: shortClientFor });
    if (resetUrl) await resetTarget(resetUrl, Boolean(config.managementKey), shortClientFor);
  } catch (err) {
    if (control.stopped) return finish();
    throw err;
  }

  const client = clientOf();
  const limiter = new Limiter(config.concurrency);
  const liveness = new Liveness(config.requestTimeoutMs);
  const progress = new Progress({ log, intervalMs: options.progressIntervalMs ?? PROGRESS_INTERVAL_MS });
  const generic =
    config.maxResponseTimeMs === undefined
      ? GENERIC_CHECKS
      : [...GENERIC_CHECKS, responseTimeWithinLimit(config.maxResponseTimeMs)];
  const exchangeOf = async (
    scenario: Scenario,
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
  const contextFor = (scenario: Scenario): ScenarioContext => ({
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
  const runOne = async (scenario: Scenario): Promise<void> => {
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
      recorder.timed(scenario.id, performance.now() - began);
      progress.scenarioEnded(scenario);
    }
  };

  try {
    for (const phase of ['main', 'mutating', 'property'] as const) {
      if (control.stopped) break;
      const batch = all.filter((s) => s.phase === phase);
      progress.startPhase(phase, batch);
      if (phase === 'mutating') for (const scenario of batch) await runOne(scenario);
      else await Promise.all(batch.map(runOne));
    }
  } finally {
    progress.close();
  }
  if (control.stopped) {
    log(`stopped: ${control.stopped.reason}`);
    return finish();
  }
  try {
    if (resetUrl) await resetTarget(resetUrl, Boolean(config.managementKey), shortClientFor);
  } catch (err) {
    if (!control.stopped) throw err;
  }
  return finish();
}

/** What scenario factories read; synchronous, so a jest entry can list the scenarios up front. */
export function planContext(contract: Contract, config: ConformanceConfig): PlanContext {
  const checks = createCheckContext(contract);
  checkRequiredFeatures(config.require, checks.features.features);
  return {
    config,
    contract,
    checks,
    operation(operationId) {
      const op = checks.operations.get(operationId);
      if (!op) throw new OperationNotInDocument(operationId, contract.specPath);
      return op;
    },
  };
}

/** The spec's operations in the run's scope (in the spec's order) and those left out. */
function splitByScope(all: readonly string[], scope: ReadonlySet<string>): [string[], string[]] {
  return [all.filter((op) => scope.has(op)), all.filter((op) => !scope.has(op))];
}

/** The scenarios a run executes, `--only` applied. */
export function planScenarios(
  plan: PlanContext,
  factory: (plan: PlanContext) => Scenario[] = buildScenarios,
): Scenario[] {
  return factory(plan).filter((s) => matchesOnly(plan.config.only, s));
}

function scenarioFailure(scenario: Scenario, message: string): Failure {
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
