import type { RequestHeaders } from '../mock-request';
import { readNumberHeader } from './control-header';

/** How fast a stream flows. 0 means no wait. */
export interface Pacing {
  readonly firstTokenDelayMs: number;
  readonly tokensPerSecond: number;
}

export const FIRST_TOKEN_DELAY_HEADER = 'x-mock-first-token-delay-ms';
export const TOKENS_PER_SECOND_HEADER = 'x-mock-tokens-per-second';
const MAX_DELAY_MS = 600_000;

/**
 * Stream pacing, most specific first: the request headers `x-mock-first-token-delay-ms` and
 * `x-mock-tokens-per-second`, then the mock's options (CLI flags), then the fixtures' `pacing`,
 * then 0 (as fast as the socket takes it). A malformed header is a 400 naming it.
 */
export function resolvePacing(
  headers: RequestHeaders,
  options: { readonly pacing: Partial<Pacing> },
  fixtures: { pacing?: { first_token_delay_ms: number; tokens_per_second: number } },
): Pacing {
  return {
    firstTokenDelayMs:
      readNumberHeader(headers, FIRST_TOKEN_DELAY_HEADER, MAX_DELAY_MS) ??
      options.pacing.firstTokenDelayMs ??
      fixtures.pacing?.first_token_delay_ms ??
      0,
    tokensPerSecond:
      readNumberHeader(headers, TOKENS_PER_SECOND_HEADER, 1_000_000) ??
      options.pacing.tokensPerSecond ??
      fixtures.pacing?.tokens_per_second ??
      0,
  };
}

/** Milliseconds between two token deltas. */
export function tokenIntervalMs(pacing: Pacing): number {
  return pacing.tokensPerSecond > 0 ? 1000 / pacing.tokensPerSecond : 0;
}
