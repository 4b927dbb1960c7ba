import diagnostics from 'node:diagnostics_channel';
import { droppedBeforeAnswer } from './transport-error';

/*
 * Which failed requests went out on a kept-alive connection that had already carried one: the
 * only drop an HTTP client may blame on the race every keep-alive client meets (the gateway closed
 * the idle connection as the next request went out; Node's `request.reusedSocket` docs). A drop
 * on a fresh connection, or after part of the answer, is the gateway's.
 *
 * superagent (node:http) tells it on the request (`reusedSocket`); fetch (undici, bundled or the
 * package's) only on its diagnostics channels, whose messages carry the socket a request was
 * written on and the error it failed with. The sets hold objects weakly: nothing outlives a request.
 */
const usedSockets = new WeakSet<object>();
const onReusedSocket = new WeakSet<object>();
const reusedErrors = new WeakSet<object>();

diagnostics.subscribe('undici:client:sendHeaders', (message) => {
  const { request, socket } = message as { request?: object; socket?: object };
  if (request === undefined || socket === undefined) return;
  if (usedSockets.has(socket)) onReusedSocket.add(request);
  usedSockets.add(socket);
});
diagnostics.subscribe('undici:request:error', (message) => {
  const { request, error } = message as { request?: object; error?: unknown };
  if (request !== undefined && onReusedSocket.has(request) && typeof error === 'object' && error !== null)
    reusedErrors.add(error);
});

/** Marks an error of a request written on a reused connection (superagent: `req.reusedSocket`). */
export function markReused(err: unknown): void {
  if (typeof err === 'object' && err !== null) reusedErrors.add(err);
}

/**
 * A connection closed or reset before any byte of the answer, on a connection that had carried an
 * answer before: the usual keep-alive race, not a request the gateway dropped.
 */
export function idleConnectionRace(err: unknown): boolean {
  if (!droppedBeforeAnswer(err)) return false;
  const cause = (err as { cause?: unknown }).cause;
  return reusedErrors.has(err as object) || (typeof cause === 'object' && cause !== null && reusedErrors.has(cause));
}
