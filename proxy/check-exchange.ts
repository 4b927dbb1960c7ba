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
import { LruCache } from '../kit/memo/lru-cache';
import { scrubSecrets } from '../kit/secrets/scrub-secrets';
import { deepFreeze } from '../kit/json/deep-freeze';
import type { ReadRelayed } from './relay';
import { shownAs } from './redact';
import type { KnownSecrets } from './redact';

/** The proxy's own check: the request a client sent is one the spec allows. */
export const REQUEST_VALID = { name: 'request-valid', family: 'rules' } as const;

/** Request headers a report shows as the suite's own (the key as $API_KEY) or not at all; secret ones show as their variable. */
const NOT_SHOWN = new Set(['authorization', 'host', 'content-length', 'connection', 'accept-encoding']);

/**
 * Answers to GET remembered with their parse, and the longest remembered: a gateway answers them
 * with the same bytes again and again (a model's page, the models list), and parsing them again
 * cost a quarter of the checks. Not a POST's: a created response has an id of its own, and looking
 * it up would only cost. Bounded, so answers that all differ cost a fixed amount of memory.
 */
const PARSED_ENTRIES = 256;
const PARSED_MAX_CHARS = 16 * 1024;

/**
 * A request target `new URL` leaves as it is: a path and query of URL code points, with no dot
 * segment to remove. Any other goes through `new URL`, as every target did (it costs the checks
 * more than a whole exchange's routing).
 */
const PLAIN_TARGET = /^\/[\w\-.~!$&'()*+,;=:@%/]*(\?[\w\-.~!$&()*+,;=:@%/?]*)?$/;
const DOT_SEGMENT = /\/(\.|%2e){1,2}(\/|\?|$)/i;

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
): (relayed: ReadRelayed) => Failure[] {
  const inspect = createRequestInspector(contract);
  const parseAnswer = rememberedParse();
  let count = 0;
  return (relayed) => {
    // HEAD is GET without the body (RFC 9110, 9.3.2): nothing the spec documents to check.
    if (relayed.method === 'HEAD') return [];
    count++;
    const target = targetOf(relayed.url);
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
    // The scenario's name and URL reach every report, passing or not: a key in the path or query never does.
    const exchange: UnroutedExchange = {
      scenario: scrubSecrets(`#${count} ${relayed.method} ${apiPath}`, keys.secrets),
      request: requestSpec(relayed, apiPath, target, secrets, inspection.body),
      url: scrubSecrets(relayed.url, keys.secrets),
      ...answer(relayed, relayed.method === 'GET' ? parseAnswer : parseJson),
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

/** The path and query of a URL the relay made (the gateway's origin, then the client's target). */
interface Target {
  readonly pathname: string;
  /** `?` and the query, or `''`. */
  readonly search: string;
}

function targetOf(url: string): Target {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const sent = start < 0 ? '/' : url.slice(start);
  if (!PLAIN_TARGET.test(sent) || DOT_SEGMENT.test(sent)) {
    const parsed = new URL(url);
    return { pathname: parsed.pathname, search: parsed.search };
  }
  const query = sent.indexOf('?');
  // `new URL` drops a `?` with nothing after it.
  if (query < 0 || query === sent.length - 1) return { pathname: query < 0 ? sent : sent.slice(0, query), search: '' };
  return { pathname: sent.slice(0, query), search: sent.slice(query) };
}

function requestSpec(
  relayed: ReadRelayed,
  apiPath: string,
  target: Target,
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
    ...(target.search === '' ? {} : { query: Object.fromEntries(new URLSearchParams(target.search)) }),
    headers,
    ...(body === undefined ? (text === undefined ? {} : { rawBody: text }) : { body }),
    credential: relayed.requestHeaders.authorization === undefined ? 'none' : 'apiKey',
    stream: isRecord(body) && body.stream === true,
  };
}

function answer(
  relayed: ReadRelayed,
  parseAnswer: (text: string) => unknown,
): Pick<Exchange, 'response' | 'stream' | 'transportError'> {
  const transportError = relayed.transportError ?? relayed.body?.unreadable;
  if (relayed.status === undefined || relayed.body === undefined)
    return { transportError: transportError ?? 'no answer' };
  const { text, stream } = relayed.body;
  const response = {
    status: relayed.status,
    headers: relayed.responseHeaders,
    text,
    json: stream ? undefined : parseAnswer(text),
    durationMs: relayed.durationMs,
  };
  if (stream) return { response, stream: transportError === undefined ? stream : { ...stream, transportError } };
  return transportError === undefined ? { response } : { response, transportError };
}

/**
 * parseJson, remembering what it gave for each text up to PARSED_MAX_CHARS. A text seen again gets
 * the same value, frozen from then on: no check changes what it reads, and one that tried would
 * fail loudly (a TypeError) rather than change what the next exchange is judged on.
 */
function rememberedParse(): (text: string) => unknown {
  const seen = new LruCache<string, { value: unknown; shared: boolean }>(PARSED_ENTRIES);
  return (text) => {
    if (text.length > PARSED_MAX_CHARS) return parseJson(text);
    const known = seen.get(text);
    if (known === undefined) {
      const value = parseJson(text);
      seen.set(text, { value, shared: false });
      return value;
    }
    if (!known.shared) {
      known.shared = true;
      deepFreeze(known.value);
    }
    return known.value;
  };
}

function parseJson(text: string): unknown {
  if (isBlank(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether a text is empty or only JSON's whitespace (without making a trimmed copy of it). */
function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return false;
  }
  return true;
}
