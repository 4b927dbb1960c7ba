import type { Contract } from '../../kit/contract/contract';
import type { FeatureIndex } from '../../kit/contract/feature-index';
import { documentedEventTypes } from '../../kit/contract/event-types';
import { checkRequiredFeatures } from '../config/check-features';
import { ConfigError } from '../config/config-error';
import { resolveResetUrl } from '../config/resolve-config';
import type { ConformanceConfig } from '../config/resolve-config';
import { buildScenarios } from '../scenarios/all-scenarios';
import { scenariosOfShard } from './shard';
import { createCheckContext } from '../engine/check-context';
import { runClock } from '../engine/run-clock';
import { OperationNotInDocument } from '../engine/not-in-document';
import { matchesOnly } from '../engine/match-only';
import { PREFLIGHT_TIMEOUT_MS, preflight } from './preflight';
import { resetForScope, scopeNeedsReset } from './scoped-reset';
import { recordDropsWhileStarting } from '../engine/transport-findings';
import { waitForTarget } from './wait-for-target';
import { Recorder } from '../engine/recorder';
import { RunControl } from '../engine/run-control';
import type { RunStop } from '../engine/run-control';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import { runPhases } from './run-phases';
import { suiteClients } from '../engine/suite-clients';
import { evaluateExchange } from '../engine/evaluate-exchange';
import { buildFailure } from '../engine/build-failure';
import type { Wire } from '../engine/build-failure';
import type { PreflightFinding } from './preflight-finding';
import type { Exchange } from '../engine/types';
import { GENERIC_CHECKS } from '../checks/generic-checks';

export interface SuiteOptions {
  readonly contract: Contract;
  /** A config whose base URL is known (the CLI fills it in after starting the mock). */
  readonly config: ConformanceConfig & { readonly baseUrl: string };
  /** Replaces the scenario list (tests); defaults to every scenario of the suite. */
  readonly scenarios?: (plan: PlanContext) => SuiteScenario[];
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
  /** The stream event types the document names, for the coverage (report/coverage.ts). */
  readonly eventTypes?: readonly string[];
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
  const recorder = new Recorder();
  // A 429 retried past is an answer too: judged by the generic checks, counted among the statuses observed.
  const judgeRetried = (exchange: Exchange, wire: Wire) =>
    evaluateExchange(exchange, GENERIC_CHECKS, [], checks, recorder, wire);
  const { wire, clientOf } = suiteClients(config, control, recorder, judgeRetried);
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
    eventTypes: documentedEventTypes(contract),
    durationMs: Math.round(performance.now() - started),
    ...(control.stopped ? { incomplete: control.stopped } : {}),
  });
  if (all.length === 0) throw new ConfigError(`no scenario matches --only ${config.only.join(',')}`);

  const requestTimeoutMs = Math.min(PREFLIGHT_TIMEOUT_MS, config.requestTimeoutMs);
  const shortClientFor = (baseUrl: string) => clientOf({ baseUrl, requestTimeoutMs });
  const resetUrl = resolveResetUrl(config.resetUrl, config.baseUrl);
  const needsReset = scopeNeedsReset(all);
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
    const found = (exchange: Exchange, { check, family, rule, finding }: PreflightFinding) =>
      recorder.fail(family, buildFailure(exchange, { check, rule }, finding, wire));
    await preflight({ plan, scope, baseUrl: config.baseUrl, clientFor: shortClientFor, found });
    if (resetUrl) await resetForScope(resetUrl, needsReset, Boolean(config.managementKey), shortClientFor, log);
  } catch (err) {
    if (control.stopped) return finish();
    throw err;
  }

  await runPhases({
    plan,
    scenarios: all,
    client: clientOf(),
    control,
    recorder,
    wire,
    log,
    progressIntervalMs: options.progressIntervalMs ?? PROGRESS_INTERVAL_MS,
  });
  if (control.stopped) {
    log(`stopped: ${control.stopped.reason}`);
    return finish();
  }
  try {
    if (resetUrl) await resetForScope(resetUrl, needsReset, Boolean(config.managementKey), shortClientFor, log);
  } catch (err) {
    if (!control.stopped) throw err;
  }
  return finish();
}

/** What scenario factories read; synchronous, so a jest entry can list the scenarios up front. */
export function planContext(contract: Contract, config: ConformanceConfig): PlanContext {
  const checks = createCheckContext(contract, runClock(Date.now(), config.clockSkewSeconds));
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
  factory: (plan: PlanContext) => SuiteScenario[] = buildScenarios,
): SuiteScenario[] {
  const chosen = factory(plan).filter((s) => matchesOnly(plan.config.only, s));
  const { shard, seed } = plan.config;
  return shard === undefined ? chosen : scenariosOfShard(chosen, shard, seed);
}
