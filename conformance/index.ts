/**
 * The conformance suite's public surface: run it from code as `npm run conformance` does, and the
 * shapes of its results. Anything not exported here is internal and may change without notice.
 */
export { EXIT_CONFIG, EXIT_FAIL, EXIT_PASS, runAgainstTarget, runConformance } from './run-conformance';
export type { InProcessTarget, Io, RunOptions } from './run-conformance';
export type { ConformanceConfig } from './config/resolve-config';
export type { SuiteResult } from './engine/run-suite';
export type { CheckFamily, CheckResult, Failure, Outcome } from './engine/types';
export { summarize } from './report/summarize';
export type { Summary, Tally } from './report/summarize';
export { writeReports } from './report/write-reports';
export { rootCauses } from './report/root-causes';
export type { RootCause } from './report/root-causes';
export type { ConformanceReportJson, RootCauseJson } from './report/report-json';
export type { RunStop } from './engine/run-control';
