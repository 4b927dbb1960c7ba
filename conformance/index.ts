/**
 * The conformance suite's public surface: run it from code as `npm run conformance` does, and the
 * shapes of its results. Anything not exported here is internal and may change without notice.
 */
export { runAgainstTarget, runConformanceOnTarget } from './run-conformance';
/**
 * @deprecated Use `runConformanceOnTarget`: the package's own `runConformance` (index.ts) starts
 * the mock when no target is given, this one needs a target.
 */
export { runConformanceOnTarget as runConformance } from './run-conformance';
export type { ConformanceOptions, ConformanceReport, InProcessTarget, Io, RunOptions } from './run-conformance';
export { ConfigError } from './config/config-error';
export type { ConformanceConfig } from './config/resolve-config';
export type { SuiteResult } from './run/run-suite';
export type { CheckFamily, CheckResult, Failure, Outcome } from './engine/types';
export { summarize } from './report/summarize';
export type { Summary, Tally } from './report/summarize';
export { observeTraffic } from './observe/observe-traffic';
export type { RequestVerdict } from './observe/request-expectations';
export type { ObservedTarget, ObservedTraffic, Refusal, UnroutedExchange } from './observe/observe-traffic';
export { DEFAULT_OBSERVED_BOUNDS } from './observe/observed-bounds';
export type { ObservedBounds } from './observe/observed-bounds';
export type { CapturedResponse, Exchange, Expectation, Finding, RequestSpec, StreamCapture } from './engine/types';
export type { Keys } from './http/credentials';
export { writeReports } from './report/write-reports';
export { sarifReport, writeSarif } from './report/sarif-report';
export { coverageLines } from './report/coverage';
export { mergeReports } from './report/merge-reports';
export type { NamedReport } from './report/merge-reports';
export { mergeReportFiles } from './report/merge-report-files';
export type { CoverageJson, CoverageList } from './report/coverage';
export { jobSummary, reportToGithubActions, summarySections } from './report/github-actions';
export type { ActionsIo } from './report/github-actions';
export { featureMatrixMarkdown } from './report/feature-matrix';
export type { FeatureMatrix, FeatureRow, FeatureStatus } from './report/feature-matrix';
export { rootCauses } from './report/root-causes';
export type { RootCause } from './report/root-causes';
export type { ConformanceReportJson, RootCauseJson } from './report/report-json';
export type { RunStop } from './engine/run-control';
export { describeTransportError } from './http/transport-error';
// What `model-gateway conformance` (cli/run-conformance-cli.ts) is built from, for a command of
// one's own: the command line and its settings, the plan, the baseline and the report files.
export { contractOf, NO_TARGET, redacting } from './run-conformance';
export { notStartedRun } from './run/not-started-run';
export { checkNames } from './config/check-names';
export { helpText, keysOnCommandLine, parseCli } from './config/parse-cli';
export { resolveConfig } from './config/resolve-config';
export { runContract } from './config/run-contract';
export { proxyEnv, proxyVariableFor, shownProxy } from './http/proxy-route';
export { planContext, planScenarios } from './run/run-suite';
export { readBaseline, updatedBaseline, writeBaseline } from './report/baseline';
export type { Baseline } from './report/baseline';
export { jsonReport } from './report/json-report';
export { scenarioList } from './report/scenario-list';
export { scenariosRun } from './report/summarize';
export { terminalSummary } from './report/terminal-summary';
export { prepareReportDir } from './report/write-reports';
