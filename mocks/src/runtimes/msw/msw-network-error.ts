import { isConnectionReset } from '../../exchange/connection-reset';
import { runsOnNode } from '../../exchange/util/runs-on-node';
import { isMsw2 } from './msw-major';

/**
 * What an msw resolver does with the fetch adapter's reset (connection-reset.ts) so that the
 * app's `fetch` rejects with that very error on every msw: msw's Node interceptors pass on an
 * error thrown by a resolver only when it looks like node's system errors (`code` and `errno`),
 * anything else becomes a 500. msw 2 rejects fetch with the thrown error as it is, so the
 * `TypeError` itself is given the two (not enumerable: it prints as fetch's own); msw 3 wraps
 * what it gets in its own `TypeError('fetch failed', { cause })`, so it is given the cause. In a
 * page, msw's service worker turns any thrown error into a 500 and a browser's fetch carries no
 * cause: there the reset is `Response.error()`, which the page's fetch rejects with
 * `TypeError: Failed to fetch`.
 */
export function resetForMsw(error: unknown): Response {
  if (!isConnectionReset(error)) throw error;
  if (!runsOnNode()) return Response.error();
  if (!isMsw2()) throw error.cause;
  for (const [name, value] of [
    ['code', error.cause.code],
    ['errno', error.cause.errno],
  ] as const)
    Object.defineProperty(error, name, { value, enumerable: false });
  throw error;
}
