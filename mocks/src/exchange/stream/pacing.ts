import type { RequestHeaders } from '../mock-request';
import { readNumberHeader } from './control-header';

/** How fast a stream flows. 0 means no wait. */
export interface Pacing {
  readonly firstTokenDelayMs: number;
  readonly tokensPerSecond: number;
}

/**
 * Named paces, defined once for every surface: the option `pace` (createMockServer, createHandlers,
 * setupMockGateway) and the server's `--pace`. `human` is for building a UI: the spinner shows for
 * a moment and the text arrives at about the speed a person reads it (and a chat model streams),
 * where the default pace (0: as fast as the connection takes it) delivers a whole answer at once.
 */
export const PACES = {
  human: { firstTokenDelayMs: 400, tokensPerSecond: 15 },
} as const satisfies Record<string, Pacing>;

/** A pace by name (`PACES`). */
export type PaceName = keyof typeof PACES;

/** The names `pace` and `--pace` take, for messages. */
export const PACE_NAMES = Object.keys(PACES) as PaceName[];

/** Whether `name` is a named pace; a caller without types may pass anything. */
export function isPaceName(name: unknown): name is PaceName {
  return typeof name === 'string' && Object.hasOwn(PACES, name);
}

export const FIRST_TOKEN_DELAY_HEADER = 'x-mock-first-token-delay-ms';
export const TOKENS_PER_SECOND_HEADER = 'x-mock-tokens-per-second';
const MAX_DELAY_MS = 600_000;

/**
 * Stream pacing, most specific first: the request headers `x-mock-first-token-delay-ms` and
 * `x-mock-tokens-per-second`, then the mock's options (CLI flags), then its named `pace`, then
 * the fixtures' `pacing`, then 0 (as fast as the socket takes it). A malformed header is a 400
 * naming it.
 */
export function resolvePacing(
  headers: RequestHeaders,
  options: { readonly pacing: Partial<Pacing>; readonly pace?: PaceName },
  fixtures: { pacing?: { first_token_delay_ms: number; tokens_per_second: number } },
): Pacing {
  const named: Pacing | undefined = options.pace === undefined ? undefined : PACES[options.pace];
  return {
    firstTokenDelayMs:
      readNumberHeader(headers, FIRST_TOKEN_DELAY_HEADER, MAX_DELAY_MS) ??
      options.pacing.firstTokenDelayMs ??
      named?.firstTokenDelayMs ??
      fixtures.pacing?.first_token_delay_ms ??
      0,
    tokensPerSecond:
      readNumberHeader(headers, TOKENS_PER_SECOND_HEADER, 1_000_000) ??
      options.pacing.tokensPerSecond ??
      named?.tokensPerSecond ??
      fixtures.pacing?.tokens_per_second ??
      0,
  };
}

/** Milliseconds between two token deltas. */
export function tokenIntervalMs(pacing: Pacing): number {
  return pacing.tokensPerSecond > 0 ? 1000 / pacing.tokensPerSecond : 0;
}
