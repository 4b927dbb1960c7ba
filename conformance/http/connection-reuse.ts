import diagnostics from 'node:diagnostics_channel';
import type { Dispatcher } from 'undici';
import { droppedBeforeAnswer } from './transport-error';

/*
 * Which failed requests went out on a kept-alive connection that had already carried one: the
 * only drop an HTTP client may blame on the race every keep-alive client meets (the gateway closed
 * the idle connection as the next request went out; Node's `request.reusedSocket` docs). A drop
 * on a fresh connection, or after part of the answer, is the gateway's.
 *
 * superagent (node:http) tells it on the request (`reusedSocket`). fetch (undici) tells it only on
 * its `undici:client:sendHeaders` diagnostics channel, whose message names the socket a request is
 * written on. Which fetch that request is, the message does not say (two requests may share method
 * and URL), so each fetch the suite makes goes through a dispatcher of its own that wraps the
 * connection's: undici calls the request's `onConnect` (its `onRequestStart` in the newer handler
 * form) and publishes its headers in one synchronous step as it writes them, so the fetch whose
 * `onConnect` just ran is the one the message is about, exactly. (undici's `undici:request:error`
 * channel would link errors directly, but a subscriber to it delays the failure of an answer undici
 * cannot read by seconds.) Sockets are held weakly.
 */
const usedSockets = new WeakSet<object>();
const reusedErrors = new WeakSet<object>();
/** The fetch whose headers undici is writing, between its onConnect and the message that follows. */
let writing: WatchedSend | undefined;

/** A fetch the suite is making: give it `dispatcher`; `reused` is known once its headers went out. */
export interface WatchedSend {
  readonly dispatcher: Dispatcher;
  reused?: boolean;
}

diagnostics.subscribe('undici:client:sendHeaders', (message) => {
  const { socket } = message as { socket?: object };
  const send = writing;
  writing = undefined;
  if (socket === undefined) return;
  const reused = usedSockets.has(socket);
  usedSockets.add(socket);
  if (send !== undefined) send.reused = reused;
});

/** Watches the connection one fetch goes out on, through `inner` (the route's dispatcher). */
export function watchSend(inner: Dispatcher): WatchedSend {
  const send: { dispatcher?: Dispatcher; reused?: boolean } = {};
  const starting = (): void => {
    writing = send as WatchedSend;
    // Whatever undici does next, the mark never outlives the synchronous step it was made for.
    queueMicrotask(() => {
      if (writing === send) writing = undefined;
    });
  };
  const dispatcher = {
    dispatch: (options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) =>
      inner.dispatch(options, announcing(handler, starting)),
  };
  send.dispatcher = dispatcher as unknown as Dispatcher;
  return send as WatchedSend;
}

/** The handler as undici's fetch made it, calling `starting` first when its request is written. */
function announcing(handler: Dispatcher.DispatchHandler, starting: () => void): Dispatcher.DispatchHandler {
  return new Proxy(handler, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (name === 'onConnect' || name === 'onRequestStart')
        return (...args: unknown[]) => {
          starting();
          return method.apply(target, args);
        };
      return (...args: unknown[]) => method.apply(target, args);
    },
  });
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
