import type { Contract } from '../../kit/contract/contract';
import { GENERIC_CHECKS } from '../checks/generic-checks';
import type { ConformanceConfig } from '../config/resolve-config';
import { excerpt } from '../engine/build-failure';
import { createCheckContext } from '../engine/check-context';
import { evaluateExchange } from '../engine/evaluate-exchange';
import { Recorder } from '../engine/recorder';
import type { PlannedScenario, SuiteResult } from '../engine/run-suite';
import type { CheckFamily, Exchange, Expectation, Failure, Finding } from '../engine/types';
import type { Keys } from '../http/credentials';
import { curlCommand } from '../http/curl-command';
import { reportedHeaders } from '../http/gateway-client';
import type { ConformanceReportJson } from '../report/report-json';
import { jsonReport } from '../report/json-report';
import { summarize } from '../report/summarize';
import { writeReports } from '../report/write-reports';
import { requestExpectations } from './request-expectations';

/** An exchange seen on the wire whose request matched no operation of the spec. */
export type UnroutedExchange = Omit<Exchange, 'operation'>;

export interface ObservedTraffic {
  /**
   * Runs every check the suite runs on an exchange (status documented, schemas, each stream
   * rule…), what the suite concludes from the request and answer together (request-expectations.ts)
   * and `expectations` on one exchange seen elsewhere; records and returns its failures.
   * `keys` are the credentials the exchange carried, kept out of every report.
   */
  check(exchange: Exchange, expectations?: readonly Expectation[], keys?: Keys): Failure[];
  /** Records an exchange whose request no operation of the spec takes: one failure of `check`. */
  unrouted(exchange: UnroutedExchange, check: { name: string; family: CheckFamily }, finding: Finding): Failure;
  /** Every failure so far, in the order found. */
  failures(): Failure[];
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
}

/**
 * The suite's checks and reports for traffic it did not send: a proxy in front of a gateway hands
 * each exchange over when it is complete. One recorder per observation, as one per run.
 */
export function observeTraffic(contract: Contract, target: ObservedTarget): ObservedTraffic {
  const checks = createCheckContext(contract);
  const recorder = new Recorder();
  const scenarios: PlannedScenario[] = [];
  const startedAt = new Date();
  const started = performance.now();
  const config: ConformanceConfig & { readonly baseUrl: string } = {
    baseUrl: target.baseUrl,
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
  };
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
  });
  const plan = (exchange: UnroutedExchange, operationId: string): void => {
    recorder.timed(exchange.scenario, exchange.response?.durationMs ?? 0);
    const status = exchange.response?.status ?? 'no answer';
    scenarios.push({
      id: exchange.scenario,
      title: `${exchange.request.method} ${exchange.url} → ${status}`,
      operationId,
    });
  };
  return {
    check(exchange, expectations = [], keys = {}) {
      plan(exchange, exchange.operation.operationId);
      const before = recorder.results.length;
      const all = [...requestExpectations(contract, exchange), ...expectations];
      evaluateExchange(exchange, GENERIC_CHECKS, all, checks, recorder, { keys });
      return recorder.results.slice(before).flatMap((r) => (r.failure ? [r.failure] : []));
    },
    unrouted(exchange, check, finding) {
      plan(exchange, '-');
      recorder.exchanges++;
      const request = {
        method: exchange.request.method,
        url: exchange.url,
        headers: reportedHeaders(exchange.request),
        ...(exchange.request.body === undefined ? {} : { body: exchange.request.body }),
        ...(exchange.request.rawBody === undefined ? {} : { rawBody: exchange.request.rawBody }),
      };
      const failure: Failure = {
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
        curl: curlCommand(request, exchange.request.stream === true),
      };
      recorder.fail(check.family, failure);
      return failure;
    },
    failures: () => recorder.failures(),
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
