import type { RequestHeaders } from '../mock-request';
import { readNumberHeader } from './control-header';

/** Why a stream ends early: the `error` event's code and message, also put in `response.failed`. */
export interface StreamFailure {
  /** A `ResponseErrorCode` of OpenAI's (`server_error`), so clients that check the code know it. */
  readonly code: string;
  readonly message: string;
  /** The failed response's `error_type` (ResponseResult), the canonical kind OpenRouter documents. */
  readonly errorType: string;
}

/**
 * Request header that makes the simulated upstream fail after this many output tokens, so a
 * client's handling of a failure in the middle of an answer can be tried: a stream ends with
 * `error` and `response.failed`, a JSON request gets 502. An answer that is not longer passes.
 */
export const FAIL_AFTER_TOKENS_HEADER = 'x-mock-fail-after-tokens';

export function readFailAfterTokens(headers: RequestHeaders): number | undefined {
  return readNumberHeader(headers, FAIL_AFTER_TOKENS_HEADER, 1_000_000, true);
}

/**
 * The simulated upstream failure. `server_error` is the code of OpenAI's `ResponseErrorCode` list
 * (and of OpenRouter's Responses errors) for a provider that fails; `provider_unavailable` the
 * canonical `error_type` OpenRouter gives it. The message says what happened and why.
 */
export function upstreamFailure(tokens: number, byScenario = false): StreamFailure {
  const by = byScenario ? 'a scenario queued on the mock' : `the mock's ${FAIL_AFTER_TOKENS_HEADER} header`;
  return {
    code: 'server_error',
    errorType: 'provider_unavailable',
    message: `The upstream provider failed after ${tokens} output tokens (simulated by ${by})`,
  };
}

/** How a stream still running ends when the mock shuts down and its grace period is over. */
export const SHUTDOWN_FAILURE: StreamFailure = {
  code: 'server_error',
  errorType: 'server',
  message: 'The mock gateway is shutting down: the stream was ended before its answer was complete',
};
