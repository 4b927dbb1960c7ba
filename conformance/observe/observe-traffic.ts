import type { Contract } from '../../kit/contract/contract';
import { documentedEventTypes } from '../../kit/contract/event-types';
import { GENERIC_CHECKS } from '../checks/generic-checks';
import type { ConformanceConfig } from '../config/resolve-config';
import { excerpt } from '../engine/build-failure';
import { createCheckContext } from '../engine/check-context';
import { evaluateExchange } from '../engine/evaluate-exchange';
import type { PlannedScenario, SuiteResult } from '../run/run-suite';
import type { CheckFamily, Exchange, Expectation, Failure, Finding } from '../engine/types';
import type { Keys } from '../http/credentials';
import { runSecrets } from '../http/credentials';
import { printable } from '../engine/printable';
import { scrubDeep, scrubSecrets } from '../../kit/secrets/scrub-secrets';
import { curlCommand } from '../http/curl-command';
import { reportedHeaders } from '../http/gateway-client';
import type { ConformanceReportJson } from '../report/report-json';
import { jsonReport } from '../report/json-report';
import { summarize } from '../report/summarize';
import { writeReports } from '../report/write-reports';
import { BoundedRecorder } from './bounded-recorder';
import { DEFAULT_OBSERVED_BOUNDS } from './observed-bounds';
import type { ObservedBounds } from './observed-bounds';
import { requestExpectations } from './request-expectations';
import type { RequestVerdict } from './request-expectations';

/** A request the observer's own HTTP parser refused, so it never reached the gateway. */
export interface Refusal {
  /** `PUT /api/v1/x HTTP/1.1`, when the bytes held a request line. */
  readonly requestLine?: string;
  /** Why the parser refused it. */
  readonly reason: string;
  /** Secrets the text may hold, kept out of the reports. */
  readonly keys?: Keys;
}

/** The pseudo-check of such a refusal: a warning every report shows, never the gateway's failure. */
export const OBSERVER_REFUSED = 'observer-refused-request';

/** An exchange seen on the wire whose request matched no operation of the spec. */
export type UnroutedExchange = Omit<Exchange, 'operation'>;

export interface ObservedTraffic {
  /**
   * Runs every check the suite runs on an exchange (status documented, schemas, each stream
   * rule…), what the suite concludes from the request and answer together (request-expectations.ts)
   * and `expectations` on one exchange seen elsewhere; records and returns its failures.
   * `keys` are the credentials the exchange carried, kept out of every report.
   */
  check(exchange: Exchange, expectations?: readonly Expectation[], keys?: Keys, verdict?: RequestVerdict): Failure[];
  /** Records an exchange whose request no operation of the spec takes: one failure of `check`. */
  unrouted(
    exchange: UnroutedExchange,
    check: { name: string; family: CheckFamily },
    finding: Finding,
    keys?: Keys,
  ): Failure;
  /**
   * Records a request the observer refused before it reached the gateway (answered 400 in the
   * contract's envelope, as the mock does): a warning, so no check charges the gateway with it.
   */
  refused(refusal: Refusal): Failure;
  /** The gateway's failures kept so far, in the order found (bounded: see ObservedBounds). */
  failures(): Failure[];
  /** The gateway's failures found so far, kept or only counted. */
  readonly failureCount: number;
  /** The client findings kept so far (failures of `clientChecks`), in the order found. */
  clientFindings(): Failure[];
  /** Client findings so far, kept or only counted. */
  readonly clientFindingCount: number;
  /** Exchanges seen so far. */
  readonly exchanges: number;
  /** The traffic so far as conformance.json holds a run. */
  report(): ConformanceReportJson;
  /** Writes junit.xml, conformance.json and conformance.html into `dir`; returns their paths. */
  writeReports(dir: string): string[];
}

export interface ObservedTarget {
  /** The gateway the traffic went to. */
  readonly baseUrl: string;
  /** How the reports name where the traffic came from, e.g. `proxy`. */
  readonly source: string;
  /** How much of the traffic the reports keep; DEFAULT_OBSERVED_BOUNDS when not given. */
  readonly bounds?: Partial<ObservedBounds>;
  /**
   * Checks that judge the client's request rather than the gateway's answer (the proxy's
   * `request-valid`): their failures are client findings, reported under their own heading, and
   * never make the gateway's `passed` false or a feature broken.
   */
  readonly clientChecks?: readonly string[];
}

/**
 * The suite's checks and reports for traffic it did not send: a proxy in front of a gateway hands
 * each exchange over when it is complete. One recorder per observation, as one per run; it keeps
 * a bounded part of the traffic and counts the rest (bounded-recorder.ts), so a run of any length
 * holds the same memory and writes its reports in the same time.
 */
export function observeTraffic(contract: Contract, target: ObservedTarget): ObservedTraffic {
  const checks = createCheckContext(contract);
  const clientChecks = new Set(target.clientChecks ?? []);
  const recorder = new BoundedRecorder({ ...DEFAULT_OBSERVED_BOUNDS, ...target.bounds }, clientChecks);
  let failureCount = 0;
  const scenarios: PlannedScenario[] = [];
  const eventTypes = documentedEventTypes(contract);
  const startedAt = new Date();
  const started = performance.now();
  const config = observedConfig(target);
  const result = (): SuiteResult => ({
    config,
    recorder,
    scenarios,
    operations: [...checks.operations.keys()],
    documentedStatuses: new Map(
      [...checks.operations.values()].map((op) => [op.operationId, [...op.responses.keys()]]),
    ),
    startedAt,
    durationMs: Math.round(performance.now() - started),
    observed: true,
    features: checks.features,
    eventTypes,
  });
  const plan = (exchange: UnroutedExchange, operationId: string, skipReason?: string): void => {
    const ended = performance.now();
    recorder.ran(exchange.scenario, ended - (exchange.response?.durationMs ?? 0), ended);
    const status = exchange.response?.status ?? 'no answer';
    scenarios.push({
      id: exchange.scenario,
      title: `${exchange.request.method} ${exchange.url} → ${status}`,
      operationId,
      ...(skipReason === undefined ? {} : { skipReason }),
    });
  };
  return {
    check(exchange, expectations = [], keys = {}, verdict = {}) {
      const all = [...requestExpectations(contract, exchange, verdict), ...expectations];
      evaluateExchange(exchange, GENERIC_CHECKS, all, checks, recorder, { keys });
      recorder.endExchange();
      if (recorder.exchangeListed()) plan(exchange, exchange.operation.operationId);
      const found = recorder.exchangeFailures();
      failureCount += found.filter((failure) => !clientChecks.has(failure.check)).length;
      return found;
    },
    unrouted(exchange, check, finding, keys = {}) {
      recorder.noteUnrouted();
      const failure = unroutedFailure(exchange, check, finding, keys);
      recorder.fail(check.family, failure);
      recorder.endExchange();
      const client = clientChecks.has(check.name);
      // The gateway's answer to a request no operation takes is judged by no check: not a pass.
      if (recorder.exchangeListed())
        plan(exchange, '-', client ? 'a request for no operation of the spec (a client finding)' : undefined);
      if (!client) failureCount++;
      return failure;
    },
    refused(refusal) {
      const warning = refusalWarning(refusal, target.source);
      recorder.warn(warning);
      return warning;
    },
    failures: () => recorder.failures(),
    get failureCount() {
      return failureCount;
    },
    clientFindings: () => [...recorder.clientFindings],
    get clientFindingCount() {
      return recorder.clientFindingCount;
    },
    get exchanges() {
      return recorder.exchanges;
    },
    report() {
      const run = result();
      return jsonReport(run, summarize(run));
    },
    writeReports(dir) {
      const run = result();
      return writeReports(dir, run, summarize(run));
    },
  };
}

/** The settings of an observation as a run's report shows them: the gateway and the source, nothing the suite chose. */
function observedConfig(target: ObservedTarget): ConformanceConfig & { readonly baseUrl: string } {
  return {
    baseUrl: scrubSecrets(target.baseUrl, []),
    startMock: false,
    model: 'as each request asked',
    aliases: {},
    variants: [],
    guardrail: { keyHashes: [] },
    reportDir: '',
    only: [],
    seed: 0,
    concurrency: 0,
    requestTimeoutMs: 0,
    eventTimeoutMs: 0,
    propertyRuns: 0,
    waitSeconds: 0,
    names: { headers: {}, members: {} },
    headers: {},
    acceptDrops: false,
    baselineUpdate: false,
    source: target.source,
    profile: 'full',
    require: [],
  };
}

/** The failure of an exchange no operation of the spec matches (`check`'s finding), scrubbed of its keys. */
function unroutedFailure(
  exchange: UnroutedExchange,
  check: { name: string; family: CheckFamily },
  finding: Finding,
  keys: Keys,
): Failure {
  const secrets = runSecrets(keys);
  // Scrubbed before the reproduction is made from it, so its variables expand when run.
  const request = scrubDeep(
    {
      method: exchange.request.method,
      url: exchange.url,
      headers: reportedHeaders(exchange.request),
      ...(exchange.request.body === undefined ? {} : { body: exchange.request.body }),
      ...(exchange.request.rawBody === undefined ? {} : { rawBody: exchange.request.rawBody }),
    },
    secrets,
  );
  return printable(
    scrubDeep(
      {
        check: check.name,
        operation: '-',
        scenario: exchange.scenario,
        rule: finding.rule ?? '#/paths',
        message: finding.message,
        request,
        received: {
          status: exchange.response?.status,
          headers: {},
          body: excerpt(exchange.response?.text ?? exchange.transportError ?? ''),
        },
        expected: finding.expected,
        curl: curlCommand(
          request,
          exchange.request.stream === true,
          secrets.map(([, shown]) => shown),
        ),
      },
      secrets,
    ),
  );
}

/** The warning for a request the observer refused before it reached the gateway, scrubbed of its keys. */
function refusalWarning(refusal: Refusal, source: string): Failure {
  const [method = '-', url = '-'] = refusal.requestLine?.split(' ') ?? [];
  return printable(
    scrubDeep(
      {
        check: OBSERVER_REFUSED,
        operation: '-',
        scenario: `refused ${refusal.requestLine ?? 'request'}`,
        rule: 'RFC 9110 §5.5',
        message: `the ${source} refused ${refusal.requestLine ?? 'a request'} before it reached the gateway (${refusal.reason}) and answered 400 in the error envelope, as the mock does: the gateway never saw it`,
        request: { method, url, headers: {} },
        received: { status: 400, headers: {}, body: '' },
        expected: 'a request an HTTP/1.1 parser accepts (no NUL, control byte or line break in a header value)',
        curl: '',
      },
      runSecrets(refusal.keys ?? {}),
    ),
  );
}
