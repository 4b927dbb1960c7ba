import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import { droppedBeforeAnswer } from './transport-error';

/*
 * Which failed requests went out on a kept-alive connection that had already carried one: the
 * only drop an HTTP client may blame on the race every keep-alive client meets (the gateway closed
 * the idle connection as the next request went out; Node's `request.reusedSocket` docs). A drop
 * on a fresh connection, or after part of the answer, is the gateway's.
 *
 * superagent (node:http) tells it on the request (`reusedSocket`). fetch (undici) tells it only on
 * its diagnostics channels: `undici:client:sendHeaders` names the socket a request is written on.
 * Which fetch that request is, no message says (two requests may share method and URL), so each
 * fetch runs in an async context of its own (AsyncLocalStorage), and `undici:request:create`, which
 * undici publishes as the fetch hands its request to the connection pool, still in that context,
 * ties undici's request object to the fetch: exact per request. (undici's `undici:request:error`
 * channel would link errors directly, but a subscriber to it delays the failure of an answer undici
 * cannot read by seconds.) Requests and sockets are held weakly.
 */
const sending = new AsyncLocalStorage<WatchedSend>();
const sendOf = new WeakMap<object, WatchedSend>();
const usedSockets = new WeakSet<object>();
const reusedErrors = new WeakSet<object>();

/** One fetch the suite is making: `reused` is known once undici wrote its headers. */
export interface WatchedSend {
  reused?: boolean;
}

diagnostics.subscribe('undici:request:create', (message) => {
  const { request } = message as { request?: object };
  const send = sending.getStore();
  if (request !== undefined && send !== undefined) sendOf.set(request, send);
});

diagnostics.subscribe('undici:client:sendHeaders', (message) => {
  const { request, socket } = message as { request?: object; socket?: object };
  if (socket === undefined) return;
  const reused = usedSockets.has(socket);
  usedSockets.add(socket);
  const send = request === undefined ? undefined : sendOf.get(request);
  if (send !== undefined) send.reused = reused;
});

/** Makes one fetch (`fetching`) whose connection `send` learns. */
export function watchSend<T>(send: WatchedSend, fetching: () => Promise<T>): Promise<T> {
  return sending.run(send, fetching);
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
