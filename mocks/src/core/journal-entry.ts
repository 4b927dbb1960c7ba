import type { MockStore } from './state/store';
import type { MockRequest } from '../exchange/mock-request';
import type { ReplySink } from '../exchange/reply-sink';
import { journalBodyOf } from './journal/request-journal';
import type { Routed } from './serve-types';

/** One entry of the journal (`GET /__mock/requests`), once the answer is complete or its client has left. */
export function logRequest(
  store: MockStore,
  request: MockRequest,
  reply: ReplySink,
  path: string,
  routed: Routed,
  started: number,
  incomplete: boolean,
): void {
  const elapsed = performance.now() - started;
  const { body, bodyByteString } = routed;
  // The entry keeps `routed` for the outcome only, and the body as the validator remembers it or
  // as journalBodyOf keeps it: the request's own bytes are let go with the request.
  routed.body = undefined;
  store.requests.add({
    atMs: Date.now() - elapsed,
    method: request.method,
    path,
    operationId: routed.operation?.operationId ?? null,
    status: reply.status,
    durationMs: Math.round(elapsed * 100) / 100,
    headers: request.headers,
    // Decoded only when someone reads the journal.
    body: bodyByteString ?? (body === undefined ? undefined : journalBodyOf(body)),
    outcome: routed,
    incomplete,
  });
}
