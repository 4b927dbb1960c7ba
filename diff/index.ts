/**
 * The spec diff's public surface: what a change to an OpenAPI document breaks (`model-gateway
 * diff`), and the version gate over it (`model-gateway check-version`). Anything not exported
 * here is internal and may change without notice.
 */
export { basePathFor, readBase, runSpecDiff, USAGE as DIFF_USAGE } from './run-spec-diff';
export type { RunIo } from './run-spec-diff';
export { CHECK_USAGE, judgeVersion, runCheckVersion } from './check-version';
export { countBySeverity, diffSpecs } from './diff-specs';
export { formatReport } from './format-report';
export type { ReportOptions } from './format-report';
export { parseSpec, readSpecFile, SpecDiffError } from './git-spec';
export { ACCEPTED_FILE, readAccepted } from './accepted-changes';
export type { AcceptedChange } from './accepted-changes';
export { AUDIENCES } from './types';
export type { Audience, ChangeSeverity, SpecChange, SpecDiffResult } from './types';
export { parseAudience } from './audience-option';
