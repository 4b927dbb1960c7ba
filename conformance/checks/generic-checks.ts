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
import { streamDeltasJoin } from './stream-deltas-join';
import { streamDoneLast } from './stream-done-last';
import { streamEventSchemaValid } from './stream-event-schema-valid';
import { streamFraming } from './stream-framing';
import { streamItemsConsistent } from './stream-items-consistent';
import { streamLifecycleOrder } from './stream-lifecycle-order';
import { streamDebugChunkFirst } from './stream-debug-chunk-first';
import { streamPairsMatched } from './stream-pairs-matched';
import { streamSequenceRising } from './stream-sequence-rising';
import { usageTotalConsistent } from './usage-total-consistent';
import { timestampsPlausible } from './timestamps-plausible';
import { streamTimestampsPlausible } from './stream-timestamps-plausible';

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
  streamFraming,
  streamEventSchemaValid,
  streamSequenceRising,
  streamLifecycleOrder,
  streamDebugChunkFirst,
  streamPairsMatched,
  streamItemsConsistent,
  streamDeltasJoin,
  streamTimestampsPlausible,
  streamDoneLast,
  streamCompletesInTime,
  streamAnswerCompletes,
];
