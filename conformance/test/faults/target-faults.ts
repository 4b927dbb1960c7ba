import type { ConformanceReportJson } from '../../report/report-json';
import type { Fault, NoAnswer, ProxiedRequest, ProxiedResponse } from './fault-proxy';
import { isRecord } from '../../../kit/json/guards';

/**
 * A gateway a CI user meets that the suite must refuse (exit 2, one line naming the fix) or judge
 * (exit 1 with the right root cause), run through the CLI as a user runs it.
 */
export interface TargetFaultCase {
  readonly name: string;
  readonly fault: Fault;
  readonly only?: readonly string[];
  readonly args?: readonly string[];
  /** The base URL the suite is given instead of the proxy's (`mock` is the real mock's, `proxy` the proxy's). */
  readonly baseUrl?: (urls: { readonly proxy: string; readonly mock: string }) => string;
  /** The target file's reset address instead of the mock's own (through the proxy, say). */
  readonly resetUrl?: (urls: { readonly proxy: string; readonly mock: string }) => string;
  /** Run with the target file's `names` mapping the routing-metadata names to the gateway's. */
  readonly mapNames?: boolean;
  readonly exit: number;
  /** What the run must print (stdout and stderr together). */
  readonly says?: RegExp;
  /** A check that must fail (exit 1). */
  readonly caughtBy?: string;
  /** A value given on the command line that must show nowhere: not in the output, not in a report file. */
  readonly secret?: string;
  /** Further assertions on conformance.json, when the run wrote one. */
  readonly report?: (json: ConformanceReportJson) => void;
  /** Further assertions on junit.xml and conformance.html, when the run wrote them. */
  readonly files?: (reports: { readonly junit: string; readonly html: string }) => void;
}

const isResponses = (req: ProxiedRequest) => req.path.startsWith('/responses');

/** Renames JSON members (recursively): a gateway that calls `service_metadata` something else. */
function rename(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rename(v, from, to));
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === from ? to : k, rename(v, from, to)]));
}

/**
 * The public gateway's names in front of the mock: it knows `X-OpenRouter-Metadata` (and the legacy
 * `X-OpenRouter-Experimental-Metadata`), not the contract's headers, and answers `openrouter_metadata`.
 */
const RENAMING_GATEWAY: Fault = {
  request: (req) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name === 'x-service-metadata' || name === 'x-service-experimental-metadata') continue;
      headers[name.replace(/^x-openrouter-/, 'x-service-')] = value;
    }
    return { ...req, headers };
  },
  response: (res) => ({ ...res, body: rename(res.body, 'service_metadata', 'openrouter_metadata') }),
  stream: (frames) => ({ frames: frames.map((f) => f.replace(/"service_metadata":/g, '"openrouter_metadata":')) }),
};

/** Answers `answer` to requests whose path starts with `prefix`, after letting the first `spare` through. */
function answerAfter(prefix: string, spare: number, answer: ProxiedResponse | NoAnswer): Fault {
  let seen = 0;
  return { answer: (req) => (req.path.startsWith(prefix) && ++seen > spare ? answer : undefined) };
}

/** What a gateway in front of a backend that is not up yet answers. */
const STARTING_503: ProxiedResponse = {
  status: 503,
  headers: { 'content-type': 'application/json' },
  body: { error: { code: 503, message: 'The service is starting' } },
};

const PROBLEM_500: ProxiedResponse = {
  status: 500,
  headers: { 'content-type': 'application/problem+json' },
  body: { type: 'https://stoplight.io/prism/errors#UNKNOWN', title: 'Internal error', status: 500 },
};

export const TARGET_FAULTS: readonly TargetFaultCase[] = [
  {
    name: 'streams only when asked with Accept: text/event-stream',
    only: ['stream/createResponse/text'],
    fault: {
      request: (req) =>
        isResponses(req) && isRecord(req.body) && !(req.headers.accept ?? '').includes('text/event-stream')
          ? { ...req, body: { ...req.body, stream: false } }
          : req,
    },
    exit: 1,
    caughtBy: 'stream-content-type',
    says: /stream: true without Accept: text\/event-stream answered application\/json instead of an event stream/,
  },
  {
    name: 'answers schema violations with 422',
    only: ['limits/createResponse', 'rules/createResponse/store-true', 'rules/createResponse/previous-response-id-set'],
    fault: {
      response: (res, req) =>
        isResponses(req) && res.status === 400
          ? { ...res, status: 422, body: { error: { code: 422, message: 'Unprocessable request' } } }
          : res,
    },
    exit: 1,
    says: /\d+ failures: invalid requests answered 422 where the contract says 400/,
    report: (json) => {
      const group = json.rootCauses.find(
        (g) => g.cause === 'invalid requests answered 422 where the contract says 400',
      );
      expect(group?.failures).toBeGreaterThan(10);
      expect(group?.checks).toEqual(expect.arrayContaining(['limit-rejected-past-boundary', 'status-matches-rule']));
      expect(json.rootCauses[0]?.cause).toBe(group?.cause);
    },
  },
  {
    name: 'stops answering after a few requests',
    args: ['--request-timeout', '400'],
    // Past the preflight's requests (about ten for a run over every operation).
    fault: answerAfter('/', 16, 'hang'),
    exit: 2,
    says: /the target stopped answering (GET|POST) \/\S+: \d+ requests in a row got no answer.*; the partial report is in/,
    report: (json) => {
      expect(json.complete).toBe(false);
      expect(json.incomplete?.kind).toBe('target-stopped');
      expect(json.requests).toBeLessThan(60);
    },
  },
  {
    name: 'hangs on POST /responses while its GETs still answer',
    args: ['--request-timeout', '400'],
    // The preflight's two requests to POST /responses (the API key's, a refused key's) are answered.
    fault: answerAfter('/responses', 2, 'hang'),
    exit: 2,
    says: /the target stopped answering POST \/responses: \d+ requests in a row got no answer/,
    report: (json) => expect(json.incomplete?.kind).toBe('target-stopped'),
  },
  {
    name: 'is given a base URL without the API prefix (/api/v1)',
    fault: {},
    baseUrl: ({ mock }) => new URL(mock).origin,
    exit: 2,
    says: /does not answer as the Model Gateway API: POST \S+\/responses got 404 .*It does answer at http:\/\/127\.0\.0\.1:\d+\/api\/v1: use that as the base URL/,
  },
  {
    name: 'is given another version of the API prefix (/api/v2)',
    fault: {},
    baseUrl: ({ mock }) => `${new URL(mock).origin}/api/v2`,
    exit: 2,
    says: /It does answer at http:\/\/127\.0\.0\.1:\d+\/api\/v1: use that as the base URL/,
  },
  {
    name: 'answers every request with an HTML page',
    fault: {
      answer: () => ({
        status: 200,
        headers: { 'content-type': 'text/html' },
        body: '<!doctype html><h1>Welcome</h1>',
      }),
    },
    exit: 2,
    says: /does not answer as the Model Gateway API: POST \S+\/responses got 200 text\/html: an HTML page \(\d+ requests tried: 200 to each\)\. An HTML page usually means/,
  },
  {
    name: 'serves no POST /responses, nor anything else, under its prefix',
    fault: {
      answer: () => ({
        status: 404,
        headers: { 'content-type': 'application/json' },
        body: { error: { code: 404, message: 'Not Found' } },
      }),
    },
    exit: 2,
    says: /does not answer as the Model Gateway API: POST \S+\/api\/v1\/responses got 404 application\/json: .* \(\d+ requests tried: 404 to each\)\. Nothing serves POST \S+\/api\/v1\/responses \(404\): check the base URL's path/,
  },
  {
    name: "serves OpenAI's chat completions and not POST /responses",
    fault: {
      answer: (req) =>
        req.path.startsWith('/chat/completions')
          ? {
              status: 400,
              headers: { 'content-type': 'application/json' },
              body: {
                error: { message: "'messages' is a required property", type: 'invalid_request_error', code: null },
              },
            }
          : {
              status: 404,
              headers: { 'content-type': 'application/json' },
              body: { error: { code: 404, message: 'Not Found' } },
            },
    },
    exit: 2,
    says: /POST \S+\/responses got 404 .*It answers OpenAI's chat completions \(POST \S+\/chat\/completions got 400 in OpenAI's shape\) but not POST \S+\/responses/,
  },
  {
    name: 'answers {} with 200 to everything',
    fault: { answer: () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: {} }) },
    exit: 2,
    says: /POST \S+\/responses got 200 application\/json with a body the spec does not allow there \(.*\): \{\} \(\d+ requests tried: 200 to each\)/,
  },
  {
    name: 'renames the routing-metadata header and member (run without a mapping)',
    only: ['/service-metadata'],
    fault: RENAMING_GATEWAY,
    exit: 1,
    caughtBy: 'service-metadata-present',
  },
  {
    name: 'renames the routing-metadata header and member (run with the target file mapping them)',
    only: ['/service-metadata'],
    fault: RENAMING_GATEWAY,
    mapNames: true,
    exit: 0,
  },
  {
    name: 'answers 200 with a body that never ends',
    only: ['catalog/getModel/model'],
    args: ['--request-timeout', '400'],
    // The preflight asks GET /model three times: the API key, a refused key, the guarded key.
    fault: answerAfter('/model/', 3, 'endless'),
    exit: 1,
    caughtBy: 'request-completes',
    says: /no complete answer: the answer began \(200 application\/json\) but its body did not end within 400 ms/,
  },
  {
    name: 'closes every connection without answering',
    fault: answerAfter('/', 0, 'hang-up'),
    exit: 2,
    says: /closes the connection without answering: GET .*: ECONNRESET: socket hang up/,
  },
  {
    name: 'cuts every answer off mid-body',
    fault: answerAfter('/', 0, 'cut'),
    exit: 2,
    says: /does not finish its answers: GET .* the answer began \(200 application\/json\) but the connection broke after 10 bytes of its body/,
  },
  {
    name: 'cuts an answer off mid-body after the preflight',
    only: ['catalog/getModel/model'],
    fault: answerAfter('/model/', 3, 'cut'),
    exit: 1,
    caughtBy: 'request-completes',
    says: /no complete answer: the answer began \(200 application\/json\) but the connection broke after 10 bytes of its body/,
  },
  {
    name: 'keeps its streams alive with comments but never sends an event',
    only: ['stream/createResponse/text', 'stream/createResponse/service-metadata', 'stream/createResponse/debug-echo'],
    args: ['--event-timeout', '300'],
    fault: { stream: () => ({ frames: [': keep-alive'], stall: true }) },
    exit: 1,
    caughtBy: 'stream-completes-in-time',
    says: /the stream stalled: no event for the per-event timeout after 0 event\(s\) \(\d+ ms in\); 1 comment line\(s\) came \(`: keep-alive`\), which are not events: if the gateway is slow rather than stuck, raise --event-timeout/,
    // The stall is the one finding: not also the missing response.created, debug chunk or service_metadata.
    report: (json) => {
      expect(new Set(json.failures.map((f) => f.check))).toEqual(new Set(['stream-completes-in-time']));
      // Nor does a stream rule pass on a stream that gave it no event to judge.
      const checks = json.operations.createResponse?.checks ?? {};
      const passed = Object.keys(checks).filter((name) => name.startsWith('stream-') && (checks[name]?.pass ?? 0) > 0);
      expect(passed).toEqual(['stream-content-type']);
    },
  },
  {
    name: 'ends the stream with data: [DONE] and no blank line after it',
    only: ['stream/createResponse/text'],
    fault: { stream: (frames) => ({ frames, unterminated: true }) },
    exit: 1,
    caughtBy: 'stream-done-last',
    says: /the stream's last event `data: \[DONE\]` has no blank line after it, so SSE clients discard it/,
  },
  {
    name: 'keeps the connection open after a data: [DONE] without its blank line',
    only: ['stream/createResponse/text'],
    args: ['--event-timeout', '300'],
    fault: { stream: (frames) => ({ frames, unterminated: true, stall: true }) },
    exit: 1,
    caughtBy: 'stream-completes-in-time',
    says: /its last line `data: \[DONE\]` was never ended by a blank line, so clients are still waiting for it/,
    report: (json) => expect(json.failures.map((f) => f.check)).not.toContain('stream-done-last'),
  },
  {
    name: 'answers valid requests with a 500 problem document (as Prism does)',
    only: ['rules/createResponse/plain', 'rules/createResponse/store-false'],
    fault: { response: (res, req) => (isResponses(req) && res.status === 200 ? PROBLEM_500 : res) },
    exit: 1,
    says: /2 failures \(\+\d+ on the same answers\): valid requests answered 500 where the contract says 200/,
    report: (json) => {
      expect(json.rootCauses).toHaveLength(1);
      expect(json.rootCauses[0]?.knockOn).toBeGreaterThan(0);
      expect(json.failures.filter((f) => f.causedBy !== undefined).length).toBe(json.rootCauses[0]?.knockOn);
    },
  },
  {
    name: 'refuses the management key',
    fault: {
      answer: (req) =>
        req.path.includes('/guardrails/') && req.headers.authorization === 'Bearer sk-mock-management'
          ? {
              status: 401,
              headers: { 'content-type': 'application/json' },
              body: { error: { code: 401, message: 'no' } },
            }
          : undefined,
    },
    exit: 2,
    says: /the target rejected the management key \(CONFORMANCE_MANAGEMENT_KEY, --management-key or "managementKey"\): POST .* answered 401/,
  },
  {
    name: 'refuses the API key, quoting it back',
    fault: {
      answer: (req) => ({
        status: 401,
        headers: { 'content-type': 'application/json' },
        body: { error: { code: 401, message: `unknown key ${req.headers.authorization ?? ''}` } },
      }),
    },
    exit: 2,
    says: /the target rejected the API key \(CONFORMANCE_API_KEY, --api-key or "apiKey"\): GET .* answered 401 \("unknown key Bearer \$API_KEY"\)/,
  },
  {
    name: 'does not serve the model the run is given',
    args: ['--model', 'conformance/no-such-model'],
    fault: {},
    exit: 2,
    says: /the target does not know the model conformance\/no-such-model: GET \S+ answered 404 \(\{"error":\{"code":404,/,
  },
  {
    name: 'serves no GET /model (a partial gateway): says what answered and the --only that leaves it out',
    fault: {
      answer: (req) =>
        req.method === 'GET' && req.path.startsWith('/model/')
          ? { status: 404, headers: { 'content-type': 'text/plain' }, body: `Cannot GET ${req.path}` }
          : undefined,
    },
    exit: 2,
    says: /the target does not know the model openai\/gpt-4o: GET \S+ answered 404 \(Cannot GET \/model\/openai\/gpt-4o\): give one it serves with CONFORMANCE_MODEL, --model or "model"; if it does not serve getModel at all, leave that operation out with --only createResponse,unassignGuardrailKeys,listEmbeddingsModels$/m,
  },
  {
    name: 'streams events that never end',
    only: ['stream/createResponse/text'],
    args: ['--request-timeout', '600', '--event-timeout', '300'],
    fault: {
      answer: (req) =>
        isResponses(req) && isRecord(req.body) && req.body.stream === true ? 'endless-stream' : undefined,
    },
    exit: 1,
    caughtBy: 'stream-completes-in-time',
    says: /the stream had not ended within the request timeout \(\d+ ms\), after \d+ event\(s\)/,
  },
  {
    name: 'redirects every request elsewhere',
    fault: { answer: () => ({ status: 301, headers: { location: 'https://gateway.example/api/v1/' }, body: '' }) },
    exit: 2,
    says: /got 301, a redirect to https:\/\/gateway\.example\/api\/v1\/ \(\d+ requests tried: 301 to each\)\. Give the base URL it redirects to/,
  },
  {
    name: 'limits every request (429)',
    fault: {
      answer: () => ({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '0' },
        body: { error: { code: 429, message: 'Rate limit exceeded' } },
      }),
    },
    exit: 2,
    says: /got 429 application\/json.*"Rate limit exceeded" \(\d+ requests tried: 429 to each\)\. The target is limiting requests \(429\)/,
  },
  {
    name: 'is still starting (503 to its first requests) and is waited for with --wait',
    only: ['catalog/getModel/model'],
    args: ['--wait', '20'],
    fault: { answer: (_req, n) => (n <= 3 ? STARTING_503 : undefined) },
    exit: 0,
    says: /waiting for target .*\(it answers 503\).*\n.*target .* is up after \d+\.\d s/s,
  },
  {
    name: 'is still starting (503 to its first requests) and, without --wait, is refused',
    only: ['catalog/getModel/model'],
    fault: { answer: (_req, n) => (n <= 3 ? STARTING_503 : undefined) },
    exit: 2,
    says: /got 503 .*The target is not ready \(503\): if it is still starting, wait for it with --wait SECONDS/,
  },
  {
    name: 'is given a reset address that answers 404, for a scenario that changes its state',
    only: ['unassignGuardrailKeys'],
    resetUrl: ({ proxy }) => `${new URL(proxy).origin}/__mock/nowhere`,
    fault: {},
    exit: 2,
    says: /resetting the target through http:\/\/127\.0\.0\.1:\d+\/__mock\/nowhere failed: status 404 \(check --reset-url, CONFORMANCE_RESET_URL or "resetUrl"\)$/,
  },
  {
    name: 'answers slower than --max-response-time',
    only: ['stream/createResponse/text'],
    args: ['--max-response-time', '150'],
    fault: { delayMs: 400 },
    exit: 1,
    caughtBy: 'response-time-within-limit',
    says: /the first event came after \d+ ms/,
  },
];
