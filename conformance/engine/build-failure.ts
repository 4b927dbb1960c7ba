import { curlCommand, rawRequestCommand } from '../http/curl-command';
import { printable } from './printable';
import { redactText, runSecrets } from '../http/credentials';
import { scrubDeep } from '../../kit/secrets/scrub-secrets';
import type { Keys } from '../http/credentials';
import { reportedBody, reportedHeaders } from '../http/gateway-client';
import { SAME_NAMES } from '../http/name-map';
import type { NameMap } from '../http/name-map';
import type { ExtraHeaders } from '../http/extra-headers';
import type { SecretNames } from '../../kit/secrets/secret-names';
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

/** How requests went over the wire: the keys reports must hide, and the gateway's names. */
export interface Wire {
  readonly keys: Keys;
  readonly names?: NameMap;
  /** Headers sent on every request (--header), as they were sent; reports show secret ones as variables. */
  readonly headers?: ExtraHeaders;
  /** What is secret (kit/secrets, with the names given with --redact); the rule alone by default. */
  readonly secretNames?: SecretNames;
  /**
   * A bare 400 from the gateway's HTTP server to a header with control bytes fails its checks
   * (--strict-http); by default it is a warning (http-layer-refusal.ts).
   */
  readonly strictHttp?: boolean;
}

/** Turns one finding into a self-contained failure record: request, answer, contract, reproduction. */
export function buildFailure(exchange: Exchange, source: FailureSource, finding: Finding, wire: Wire): Failure {
  const { keys, names = SAME_NAMES } = wire;
  // A key may sit anywhere a client put it or a gateway echoed it: the URL, the body, a message.
  const request = scrubDeep(reportedRequest(exchange, names, wire.headers, wire.secretNames), runSecrets(keys));
  const response = exchange.response;
  const shown: Record<string, string> = {};
  for (const name of SHOWN_HEADERS) {
    const value = response?.headers[name];
    if (value !== undefined) shown[name] = redactText(value, keys);
  }
  const body = finding.excerpt ?? response?.text ?? exchange.transportError ?? '';
  const say = (text: string) => redactText(names.inGatewayTerms(text), keys);
  const variables = runSecrets(keys).map(([, shown]) => shown);
  const curl =
    exchange.request.raw === true
      ? rawRequestCommand(request)
      : curlCommand(request, exchange.request.stream === true, variables);
  const failure: Failure = {
    check: source.check,
    operation: exchange.operation.operationId,
    scenario: exchange.scenario,
    rule: finding.rule ?? source.rule,
    message: say(finding.message),
    request,
    received: { status: response?.status, headers: shown, body: excerpt(redactText(body, keys)) },
    expected: say(finding.expected),
    curl,
    ...(finding.cause === undefined ? {} : { cause: say(finding.cause) }),
  };
  return { ...printable(failure), curl };
}

export function reportedRequest(
  exchange: Exchange,
  names: NameMap = SAME_NAMES,
  extra: ExtraHeaders = {},
  secret?: SecretNames,
): ReportedRequest {
  const request = exchange.request;
  const body = reportedBody(request, names);
  return {
    method: request.method,
    url: exchange.url,
    headers: reportedHeaders(request, names, extra, secret),
    ...(body === undefined ? {} : { body }),
    ...(request.rawBody === undefined ? {} : { rawBody: request.rawBody }),
  };
}

export function excerpt(text: string, limit = EXCERPT_CHARS): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length - limit} more characters)`;
}
