/**
 * The package's public surface (`import … from 'model-gateway-mock'`): the mock, the conformance
 * suite, the contract-validating proxy and their result types. The generated contract types are `model-gateway-mock/contract`,
 * the spec itself `model-gateway-mock/openapi.yaml`. Anything not exported here is internal.
 */
import { runConformanceOnTarget } from './conformance/index';
import type { ConformanceOptions, ConformanceReport } from './conformance/index';
import { startInProcessMock } from './mocks/index';

export {
  HANDLERS,
  createFetchHandler,
  createMockServer,
  startInProcessMock,
  FixturesError,
  loadFixtures,
  parseFixtures,
  withScripts,
} from './mocks/index';
export type {
  Fixtures,
  FetchHandler,
  Handler,
  JournalEntry,
  JournalReader,
  ListedScenario,
  MockFetchHandler,
  MockOptions,
  MockServer,
  MockServerInit,
  NetworkFailure,
  OperationId,
  PaceName,
  ResponseViolation,
  RunningMock,
  Scenario,
  ScenarioControls,
  ScenarioMatch,
  ScenarioStep,
  SentBody,
  StreamEnd,
} from './mocks/index';
export { ConfigError } from './conformance/index';
export type { ConformanceOptions, ConformanceReport, Failure, InProcessTarget } from './conformance/index';
// For a report of one's own from conformance.json: the job summary and annotations, the feature matrix (docs/ci.md).
export { featureMatrixMarkdown, jobSummary, reportToGithubActions, summarySections } from './conformance/index';
export type { ActionsIo, FeatureMatrix, FeatureRow, FeatureStatus } from './conformance/index';
export { ContractError } from './kit/contract/contract';
export { startProxy, VIOLATIONS_PATH } from './proxy/index';
export type { ProxyInit, RunningProxy } from './proxy/index';
export { TrafficFileError, verifyTraffic } from './proxy/index';
export { failsRun } from './proxy/index';
export type { FailOn } from './proxy/index';
export type { SkippedTraffic, VerifiedTraffic, VerifyInit } from './proxy/index';
export { mergeReportFiles, mergeReports, sarifReport, writeSarif } from './conformance/index';
export type { CoverageJson, CoverageList, NamedReport } from './conformance/index';

/**
 * Runs the conformance suite, as `model-gateway-conformance` does, and resolves to the report
 * its conformance.json holds. Against `baseUrl` (with `apiKey`, `managementKey`…) or a `target`
 * file; with neither, against the mock started in-process on a free port of 127.0.0.1.
 *
 * @example
 * const report = await runConformance({ baseUrl: 'https://gateway.example/api/v1', apiKey: process.env.API_KEY });
 * if (!report.passed) console.log(report.failures.map((f) => `${f.check}: ${f.message}`));
 */
export function runConformance(options: ConformanceOptions = {}): Promise<ConformanceReport> {
  return runConformanceOnTarget({ startTarget: (contract) => startInProcessMock({ contract }), ...options });
}
