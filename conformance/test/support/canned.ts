import type { OperationInfo } from '../../../kit/contract/operations';
import type { CheckContext, Check, Exchange, Failure, RequestSpec } from '../../engine/types';
import { readSse } from '../../../kit/sse/read-sse';
import { parseJson } from '../../http/send-json';

export interface CannedAnswer {
  readonly status: number;
  readonly contentType?: string;
  /** An object is serialized as JSON; a string is sent as is. */
  readonly body?: unknown;
  /** Parse the body as an SSE stream (the request asked for one). */
  readonly sse?: boolean;
  readonly request?: Partial<RequestSpec>;
}

/** An exchange as the client would have captured it, without any network. */
export function cannedExchange(operation: OperationInfo, answer: CannedAnswer): Exchange {
  const text =
    answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const headers: Record<string, string> =
    answer.contentType === undefined ? {} : { 'content-type': answer.contentType };
  const request: RequestSpec = {
    method: operation.method,
    path: operation.path,
    credential: 'apiKey',
    stream: answer.sse,
    ...answer.request,
  };
  const base = { scenario: 'canned', operation, request, url: `http://gateway.test/api/v1${request.path}` };
  const response = {
    status: answer.status,
    headers,
    text,
    json: answer.sse ? undefined : parseJson(text),
    durationMs: 1,
  };
  if (!answer.sse) return { ...base, response };
  return { ...base, response, stream: readSse(text) };
}

/** Messages of a check's findings on an exchange ([] when it passes or does not apply). */
export function findingsOf(check: Check, exchange: Exchange, ctx: CheckContext): string[] {
  return check.applies(exchange, ctx) ? check.verify(exchange, ctx).map((f) => f.message) : [];
}

/** A failure as a check records it: a 422 to POST /responses, its fields overridden by `fields`. */
export function cannedFailure(fields: Partial<Failure>): Failure {
  return {
    check: 'status-matches-rule',
    operation: 'createResponse',
    scenario: 's',
    rule: '#/x',
    message: 'm',
    request: { method: 'POST', url: 'http://gw.test/api/v1/responses', headers: {} },
    received: { status: 422, headers: {}, body: '' },
    expected: 'e',
    curl: 'curl …',
    ...fields,
  };
}
