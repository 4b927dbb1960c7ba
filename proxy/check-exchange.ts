import type { Contract } from '../kit/contract/contract';
import { isRecord } from '../kit/json/guards';
import type {
  Exchange,
  Expectation,
  Failure,
  ObservedTraffic,
  RequestSpec,
  UnroutedExchange,
} from '../conformance/index';
import { createRequestInspector } from '../mocks/index';
import type { Relayed } from './relay';
import { shownAs } from './redact';
import type { KnownSecrets } from './redact';

/** The proxy's own check: the request a client sent is one the spec allows. */
export const REQUEST_VALID = { name: 'request-valid', family: 'rules' } as const;

/** Request headers a report shows as the suite's own (the key as $API_KEY) or not at all; secret ones show as their variable. */
const NOT_SHOWN = new Set(['authorization', 'host', 'content-length', 'connection', 'accept-encoding']);

/**
 * Checks each relayed exchange but HEAD: the request with the mock's request stages (createRequestInspector),
 * the answer with every check the conformance suite runs on an answer (observeTraffic), the
 * stream ones included. `basePath` is the gateway's path prefix, taken off before routing. Every
 * secret seen so far (`secrets`) is shown as its variable wherever a report would quote it.
 */
export function createExchangeChecker(
  contract: Contract,
  traffic: ObservedTraffic,
  basePath: string,
  secrets: KnownSecrets,
): (relayed: Relayed) => Failure[] {
  const inspect = createRequestInspector(contract);
  let count = 0;
  return (relayed) => {
    // HEAD is GET without the body (RFC 9110, 9.3.2): nothing the spec documents to check.
    if (relayed.method === 'HEAD') return [];
    count++;
    const target = new URL(relayed.url);
    const apiPath = target.pathname.startsWith(`${basePath}/`)
      ? target.pathname.slice(basePath.length)
      : target.pathname;
    const inspection = inspect({
      method: relayed.method,
      path: apiPath,
      queryString: target.search.slice(1),
      headers: relayed.requestHeaders,
      body: relayed.requestBody,
    });
    const keys = { secrets: secrets.asVariables() };
    const exchange: UnroutedExchange = {
      scenario: `#${count} ${relayed.method} ${apiPath}`,
      request: requestSpec(relayed, apiPath, target, secrets, inspection.body),
      url: relayed.url,
      ...answer(relayed),
    };
    if (!inspection.operation) {
      return [
        traffic.unrouted(
          exchange,
          REQUEST_VALID,
          {
            message: `the request is for no operation of the spec: ${inspection.problems.join('; ')}`,
            expected: 'a method and path of an operation in spec/openapi.yaml',
          },
          keys,
        ),
      ];
    }
    const requestValid: Expectation = {
      check: REQUEST_VALID.name,
      family: REQUEST_VALID.family,
      rule: `${inspection.operation.operationId} parameters and requestBody`,
      verify: () =>
        inspection.problems.map((problem) => ({
          message: `the request breaks the spec: ${problem}`,
          expected: 'a request the operation accepts: its parameters, its body schema and a key',
        })),
    };
    const routed: Exchange = { ...exchange, operation: inspection.operation };
    // Judged as the suite judges its own invalid requests (422 where the spec says 400, the semantic rules).
    const verdict =
      inspection.missingKey === true
        ? {}
        : inspection.invalid === true
          ? { invalid: inspection.problems[0] }
          : { brokenRule: inspection.brokenRule?.rule };
    return traffic.check(routed, [requestValid], keys, verdict);
  };
}

function requestSpec(
  relayed: Relayed,
  apiPath: string,
  target: URL,
  secrets: KnownSecrets,
  parsed: unknown,
): RequestSpec {
  const text = relayed.requestBody?.toString('utf8');
  // The inspector's parse when the body is valid; this one's when it is not (a report still shows its JSON).
  const body = parsed ?? (text === undefined ? undefined : parseJson(text));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(relayed.requestHeaders)) {
    if (value === undefined || NOT_SHOWN.has(name)) continue;
    headers[name] = secrets.names.header(name) ? shownAs(name) : Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    method: relayed.method,
    path: apiPath,
    ...(target.search === '' ? {} : { query: Object.fromEntries(target.searchParams) }),
    headers,
    ...(body === undefined ? (text === undefined ? {} : { rawBody: text }) : { body }),
    credential: relayed.requestHeaders.authorization === undefined ? 'none' : 'apiKey',
    stream: isRecord(body) && body.stream === true,
  };
}

function answer(relayed: Relayed): Pick<Exchange, 'response' | 'stream' | 'transportError'> {
  const transportError = relayed.transportError ?? relayed.body?.unreadable;
  if (relayed.status === undefined || relayed.body === undefined)
    return { transportError: transportError ?? 'no answer' };
  const { text, stream } = relayed.body;
  const response = {
    status: relayed.status,
    headers: relayed.responseHeaders,
    text,
    json: stream ? undefined : parseJson(text),
    durationMs: relayed.durationMs,
  };
  if (stream) return { response, stream: transportError === undefined ? stream : { ...stream, transportError } };
  return transportError === undefined ? { response } : { response, transportError };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
