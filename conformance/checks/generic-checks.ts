import type { Check } from '../engine/types';
import { contentTypeDocumented } from './content-type-documented';
import { errorCodeMatchesStatus } from './error-code-matches-status';
import { metadataEchoed } from './metadata-echoed';
import { responseHeadersValid } from './response-headers-valid';
import { responseSchemaValid } from './response-schema-valid';
import { streamAnswerCompletes } from './stream-answer-completes';
import { statusCodeDocumented } from './status-code-documented';
import { streamCompletesInTime } from './stream-completes-in-time';
import { streamContentType } from './stream-content-type';
import { STREAM_RULE_CHECKS } from './stream-rule-checks';
import { usageTotalConsistent } from './usage-total-consistent';
import { timestampsPlausible } from './timestamps-plausible';

/** The checks run on every exchange they apply to, in report order. */
export const GENERIC_CHECKS: readonly Check[] = [
  statusCodeDocumented,
  contentTypeDocumented,
  responseSchemaValid,
  errorCodeMatchesStatus,
  responseHeadersValid,
  usageTotalConsistent,
  metadataEchoed,
  timestampsPlausible,
  streamContentType,
  ...STREAM_RULE_CHECKS,
  streamCompletesInTime,
  streamAnswerCompletes,
];
