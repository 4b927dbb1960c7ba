import { HttpHandler } from 'msw';

/**
 * Whether the msw the user installed is msw 2: msw 3's handlers can be disposed of, msw 2's
 * cannot. Asked of a class the handlers need anyway: a namespace import of msw (to look for an
 * export only one major has) would keep all of msw 2 in a page's bundle, graphql included
 * (183 KiB of the 1,014 KiB it made). msw 2 copies every mocked answer for its `response:mocked` event (a tee of the body) and
 * nobody reads the copy, so a client that cancels an answer's body waits for ever: the openai
 * SDK does before it retries a 429 or a 5xx. setup-mock-gateway.ts releases the copy.
 */
export function isMsw2(): boolean {
  return !('dispose' in HttpHandler.prototype);
}

/** What msw does with a request no handler takes: its strategies, the same words in msw 2 and 3. */
export type UnhandledStrategy = 'bypass' | 'warn' | 'error';

/**
 * `listen`/`start` options that apply `strategy` to requests no handler takes, under the name the
 * installed major reads: msw 2's `onUnhandledRequest`, msw 3's `onUnhandledFrame` (msw 3 ignores
 * the old name without a word, so a stray request would go to the network).
 */
export function unhandledOption(
  strategy: UnhandledStrategy,
): { onUnhandledRequest: UnhandledStrategy } | { onUnhandledFrame: UnhandledStrategy } {
  return isMsw2() ? { onUnhandledRequest: strategy } : { onUnhandledFrame: strategy };
}

/** What a user of msw 2 reads once, where they create the handlers. */
export const MSW2_CANCEL_HANG =
  'model-gateway-mock: with msw 2, a client that cancels a mocked answer before retrying it (the openai SDK ' +
  'after a 429 or 5xx, with its default retries) waits for ever: msw 2 never completes the cancel. ' +
  "Use setupMockGateway() from 'model-gateway-mock/msw/node' (it releases msw's copy of each answer), " +
  'or msw 3, or `maxRetries: 0` on the client (docs/testing.md, "msw 2 and retries").';

let warned = false;

/** Warns once per process, not once per mock: the advice is the same for all. */
export function warnOnceAboutMsw2(): void {
  if (warned || !isMsw2()) return;
  warned = true;
  console.warn(MSW2_CANCEL_HANG);
}
