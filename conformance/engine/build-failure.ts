import { curlCommand } from '../http/curl-command';
import { redactText } from '../http/credentials';
import type { Keys } from '../http/credentials';
import { reportedHeaders } from '../http/gateway-client';
import type { Exchange, Failure, Finding, ReportedRequest } from './types';

/** Response headers worth showing next to a failure; the rest is noise. */
const SHOWN_HEADERS = [
  'content-type',
  'content-length',
  'transfer-encoding',
  'x-generation-id',
  'retry-after',
  'www-authenticate',
  'location',
];
const EXCERPT_CHARS = 600;

export interface FailureSource {
  readonly check: string;
  readonly rule: string;
}

/** Turns one finding into a self-contained failure record: request, answer, contract, reproduction. */
export function buildFailure(exchange: Exchange, source: FailureSource, finding: Finding, keys: Keys): Failure {
  const request = reportedRequest(exchange);
  const response = exchange.response;
  const shown: Record<string, string> = {};
  for (const name of SHOWN_HEADERS) {
    const value = response?.headers[name];
    if (value !== undefined) shown[name] = redactText(value, keys);
  }
  const body = finding.excerpt ?? response?.text ?? exchange.transportError ?? '';
  return {
    check: source.check,
    operation: exchange.operation.operationId,
    scenario: exchange.scenario,
    rule: finding.rule ?? source.rule,
    message: finding.message,
    request,
    received: { status: response?.status, headers: shown, body: excerpt(redactText(body, keys)) },
    expected: finding.expected,
    curl: curlCommand(request, exchange.request.stream === true),
  };
}

export function reportedRequest(exchange: Exchange): ReportedRequest {
  const request = exchange.request;
  return {
    method: request.method,
    url: exchange.url,
    headers: reportedHeaders(request),
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.rawBody === undefined ? {} : { rawBody: request.rawBody }),
  };
}

export function excerpt(text: string, limit = EXCERPT_CHARS): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length - limit} more characters)`;
}
