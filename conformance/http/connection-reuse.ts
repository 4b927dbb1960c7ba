import diagnostics from 'node:diagnostics_channel';
import { droppedBeforeAnswer } from './transport-error';

/*
 * Which failed requests went out on a kept-alive connection that had already carried one: the
 * only drop an HTTP client may blame on the race every keep-alive client meets (the gateway closed
 * the idle connection as the next request went out; Node's `request.reusedSocket` docs). A drop
 * on a fresh connection, or after part of the answer, is the gateway's.
 *
 * superagent (node:http) tells it on the request (`reusedSocket`). fetch (undici) tells it only on
 * its `undici:client:sendHeaders` diagnostics channel, whose message names the socket a request was
 * written on and the request's origin and path: each fetch the suite makes waits there, and the
 * first message for its method and URL says whether its socket had carried a request before.
 * (undici's `undici:request:error` channel would link errors directly, but a subscriber to it
 * delays the failure of an answer undici cannot read by seconds.) Two identical requests in flight
 * at once may swap their flags: they are the same request. Sockets are held weakly.
 */
const usedSockets = new WeakSet<object>();
const waiting = new Set<PendingSend>();
const reusedErrors = new WeakSet<object>();

/** A fetch the suite is making, until undici writes its headers. */
export interface PendingSend {
  readonly method: string;
  readonly url: string;
  reused?: boolean;
}

diagnostics.subscribe('undici:client:sendHeaders', (message) => {
  const { request, socket } = message as {
    request?: { method?: unknown; origin?: unknown; path?: unknown };
    socket?: object;
  };
  if (request === undefined || socket === undefined) return;
  const reused = usedSockets.has(socket);
  usedSockets.add(socket);
  const url = sameUrl(`${String(request.origin)}${String(request.path)}`);
  for (const send of waiting) {
    if (send.reused !== undefined || send.method !== request.method || send.url !== url) continue;
    send.reused = reused;
    waiting.delete(send);
    return;
  }
});

/** Starts watching for the connection a fetch goes out on; `done` stops it (call it in `finally`). */
export function watchSend(method: string, url: string): PendingSend & { done(): void } {
  const send: PendingSend = { method: method.toUpperCase(), url: sameUrl(url) };
  waiting.add(send);
  return Object.assign(send, { done: () => void waiting.delete(send) });
}

/** Marks an error of a request written on a reused connection. */
export function markReused(err: unknown): void {
  if (typeof err === 'object' && err !== null) reusedErrors.add(err);
}

/**
 * A connection closed or reset before any byte of the answer, on a connection that had carried an
 * answer before: the usual keep-alive race, not a request the gateway dropped.
 */
export function idleConnectionRace(err: unknown): boolean {
  return droppedBeforeAnswer(err) && typeof err === 'object' && err !== null && reusedErrors.has(err);
}

function sameUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
