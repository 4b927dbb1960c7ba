import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Contract } from '../../kit/contract/contract';
import type { OperationInfo } from '../../kit/contract/operations';
import type { MockOptions } from './options';
import type { ApiKeyRecord, MockStore } from './state/store';
import type { Handler, HandlerResult } from './pipeline/context';
import type { RequestValidator } from './pipeline/request-validator';
import type { Router } from './pipeline/router';
import type { ResponseChecker } from './pipeline/response-checker';
import type { AdminRoute } from './admin';
import type { AdmittedUrl, AdmittedUrls } from './pipeline/admitted-urls';
import type { SpecFacts } from './spec-facts/spec-facts';
import type { RunningStreams } from './running-streams';
import type { CorsHeaders } from './pipeline/cors';
import { ADMIN_PREFIX, handleAdmin } from './admin';
import { authenticate } from './pipeline/authenticate';
import { LiveContext } from './pipeline/live-context';
import { captureBody } from './pipeline/capture-body';
import { applyCors } from './pipeline/cors';
import { GatewayError, toEnvelope } from './pipeline/gateway-error';
import { readBody } from './pipeline/read-body';
import { sendError, sendJson } from './pipeline/send';
import type { ScenarioOutcome } from './pipeline/scenario-reply';
import { replyToScenario, sendHalf, takeScenario } from './pipeline/scenario-reply';
import type { AnswerSteering } from './scenarios/scenario-types';
import { journalBody } from './journal/request-journal';

/** A `Prefer` scenario answer (Prism-compatible), or undefined to take the ordinary path. */
export type PreferHandler = (
  operation: OperationInfo,
  req: IncomingMessage,
  body: Buffer | undefined,
) => Promise<HandlerResult | undefined>;

export interface AppDependencies {
  readonly contract: Contract;
  /** What the mock's code reads from the spec at start-up (defaults, header names...). */
  readonly facts: SpecFacts;
  readonly cors: CorsHeaders;
  readonly store: MockStore;
  readonly options: MockOptions;
  readonly router: Router;
  readonly validators: ReadonlyMap<string, RequestValidator>;
  /** URLs that passed routing and validation, for operations decided by the URL alone. */
  readonly admittedUrls: AdmittedUrls;
  readonly handlers: Readonly<Record<string, Handler>>;
  readonly prefer: PreferHandler;
  readonly checker?: ResponseChecker;
  readonly adminRoutes?: readonly AdminRoute[];
  /** The server's running streams, ended when it stops waiting for requests in flight (see RequestContext.shutdown). */
  readonly shutdown: RunningStreams;
}

/**
 * The data path, as a pipeline of plain stages: route → authenticate → validate → handle.
 * Every stage throws GatewayError; this function alone turns errors into the envelope.
 */
export function createRequestListener(deps: AppDependencies): (req: IncomingMessage, res: ServerResponse) => void {
  const { store } = deps;
  return (req, res) => {
    const started = performance.now();
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const routed: Routed = { operation: undefined, body: undefined };
    let pending: Promise<void> | undefined;
    try {
      pending = serve(deps, req, res, path, url, queryAt, routed);
    } catch (err) {
      fail(deps, res, routed.operation, err);
    }
    pending?.catch((err: unknown) => fail(deps, res, routed.operation, err));
    // Answered in this turn (every GET, every early error): logged now, with no listener to add.
    // Otherwise once the connection is done with it: finished, or left by its client mid-answer
    // (a page that aborts its stream), which the log shows as `aborted`.
    if (res.writableEnded) logRequest(store, req, res, path, routed, started, false);
    else res.once('close', () => logRequest(store, req, res, path, routed, started, !res.writableFinished));
  };
}

/** One entry of the journal (`GET /__mock/requests`), once the answer is complete or its client has left. */
function logRequest(
  store: MockStore,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  routed: Routed,
  started: number,
  incomplete: boolean,
): void {
  const elapsed = performance.now() - started;
  const { body } = routed;
  store.requests.add({
    atMs: Date.now() - elapsed,
    method: req.method ?? '',
    path,
    operationId: routed.operation?.operationId ?? null,
    status: res.statusCode,
    durationMs: Math.round(elapsed * 100) / 100,
    headers: req.headers,
    // Decoded only when someone reads the journal.
    body: body === undefined ? undefined : () => journalBody(body.toString()),
    outcome: routed,
    incomplete,
  });
}

/**
 * What is known of a request as it goes: the operation it was routed to (for the journal and for
 * error checks), its body, and what a scenario did to it (read by the journal when it is read).
 */
interface Routed extends ScenarioOutcome {
  operation: OperationInfo | undefined;
  body: Buffer | undefined;
}

const SLASH = 0x2f;

/** What the stages before the handler found out about a request. */
interface Admitted {
  readonly operation: OperationInfo;
  readonly pathParams: Record<string, string>;
  readonly key: ApiKeyRecord;
  readonly url: string;
  readonly queryAt: number;
}

/**
 * The stages run synchronously while they can: a request with no body to read and no `Prefer`
 * header (every GET) is answered in the same turn, with no promise made on its way; one with a
 * body in the turn its body ends. Returns a promise only when a handler in this turn had to wait.
 */
function serve(
  deps: AppDependencies,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: string,
  queryAt: number,
  routed: Routed,
): Promise<void> | undefined {
  const { options, router, store } = deps;
  const { basePath } = options;
  const apiPath =
    path.startsWith(basePath) && path.charCodeAt(basePath.length) === SLASH ? path.slice(basePath.length) : undefined;
  const cors =
    req.headers.origin !== undefined &&
    applyCors(req, res, () => (apiPath === undefined ? ['GET', 'POST'] : router.allowedMethods(apiPath)), deps.cors);
  if (cors) return undefined;
  if (path.startsWith(ADMIN_PREFIX)) {
    handleAdmin(req, res, path, store, deps.shutdown, options, deps.adminRoutes, (err) =>
      fail(deps, res, undefined, err),
    );
    return undefined;
  }
  if (apiPath === undefined) {
    throw new GatewayError(404, `No operation at ${path}: the API is served under ${options.basePath}`);
  }
  const method = req.method ?? 'GET';
  // While scenarios are queued, every request goes the long way, past the scenario stage.
  const plain = req.headers.prefer === undefined && !store.scenarios.active;
  const known = plain ? deps.admittedUrls.get(method, url) : undefined;
  if (known) {
    routed.operation = known.operation;
    return handle(deps, req, res, known, undefined, admit(deps, req, known.operation));
  }
  const { operation, pathParams } = router.match(method, apiPath);
  routed.operation = operation;
  const admitted: Admitted = { operation, pathParams, key: admit(deps, req, operation), url, queryAt };
  if (!operation.requestBody && plain) return respond(deps, req, res, admitted, undefined);
  serveAfterBody(deps, req, res, admitted, routed);
  return undefined;
}

/** Authentication: the key the request carries, accepted for `operation`. */
function admit(deps: AppDependencies, req: IncomingMessage, operation: OperationInfo): ApiKeyRecord {
  return authenticate(req.headers, deps.facts.managementOnly.has(operation.operationId), deps.store, req.socket);
}

/**
 * Reads the body (if the operation has one), then answers a queued scenario, a `Prefer` scenario
 * or the ordinary way. Callbacks all the way: an ordinary answer is sent in the turn the body
 * ends. Every failure on the way, thrown or rejected, in this turn or a later one, reaches `fail`
 * (and the envelope).
 */
function serveAfterBody(
  deps: AppDependencies,
  req: IncomingMessage,
  res: ServerResponse,
  admitted: Admitted,
  routed: Routed,
): void {
  const { operation } = admitted;
  const failed = (err: unknown): void => fail(deps, res, operation, err);
  const afterBody = (rawBody: Buffer | undefined): void => {
    routed.body = rawBody;
    try {
      // The scenario stage: after route, authentication and body, before `Prefer` and the handler.
      const action = deps.store.scenarios.active
        ? takeScenario(deps.store.scenarios, operation.operationId, req, rawBody)
        : undefined;
      if (action) {
        replyToScenario(action, res, routed, (steering) => {
          try {
            respond(deps, req, res, admitted, rawBody, routed, steering)?.catch(failed);
          } catch (err) {
            failed(err);
          }
        });
        return;
      }
      if (req.headers.prefer === undefined) {
        respond(deps, req, res, admitted, rawBody, routed)?.catch(failed);
        return;
      }
      deps
        .prefer(operation, req, rawBody)
        .then((scenario) =>
          scenario
            ? finish(deps, res, operation, scenario, routed)
            : respond(deps, req, res, admitted, rawBody, routed),
        )
        .catch(failed);
    } catch (err) {
      failed(err);
    }
  };
  if (!operation.requestBody) {
    afterBody(undefined);
    return;
  }
  readBody(req, deps.options.bodyLimitBytes, operation.responses.has('413') ? 413 : 400, (error, body) => {
    if (error) failed(error);
    else afterBody(body);
  });
}

/** Validates the request against the document and runs the operation's handler. */
function respond(
  deps: AppDependencies,
  req: IncomingMessage,
  res: ServerResponse,
  { operation, pathParams, key, url, queryAt }: Admitted,
  rawBody: Buffer | undefined,
  routed?: Routed,
  steering?: AnswerSteering,
): Promise<void> | undefined {
  const validate = deps.validators.get(operation.operationId);
  if (!validate) throw new GatewayError(500, `The mock has no handler for ${operation.operationId}`);
  const { query, body } = validate({
    pathParams,
    queryString: queryAt === -1 ? '' : url.slice(queryAt + 1),
    headers: req.headers,
    body: rawBody,
  });
  const validated: AdmittedUrl = { operation, pathParams, query };
  if (req.headers.prefer === undefined) deps.admittedUrls.remember(req.method ?? 'GET', url, validated);
  return handle(deps, req, res, validated, body, key, routed, steering);
}

/** Runs the operation's handler on a validated request and sends what it returns. */
function handle(
  deps: AppDependencies,
  req: IncomingMessage,
  res: ServerResponse,
  { operation, pathParams, query }: AdmittedUrl,
  body: unknown,
  key: ApiKeyRecord,
  routed?: Routed,
  steering?: AnswerSteering,
): Promise<void> | undefined {
  const { options, store } = deps;
  const handler = deps.handlers[operation.operationId];
  if (!handler) throw new GatewayError(500, `The mock has no handler for ${operation.operationId}`);
  // Test mode: a handler that streams writes the body itself; keep a copy to check once it is sent.
  const captured = deps.checker ? captureBody(res) : undefined;
  const context = new LiveContext({
    operation,
    pathParams,
    query,
    body,
    key,
    store,
    contract: deps.contract,
    facts: deps.facts,
    options,
    req,
    res,
    shutdown: deps.shutdown,
    scenario: steering,
  });
  let result: HandlerResult | Promise<HandlerResult>;
  try {
    result = handler(context);
  } catch (err) {
    context.release();
    throw err;
  }
  if (!(result instanceof Promise)) {
    context.release();
    finish(deps, res, operation, result, routed, captured);
    return undefined;
  }
  return result.then(
    (settled) => {
      context.release();
      finish(deps, res, operation, settled, routed, captured);
    },
    (err: unknown) => {
      context.release();
      throw err;
    },
  );
}

function finish(
  deps: AppDependencies,
  res: ServerResponse,
  operation: OperationInfo,
  result: HandlerResult,
  routed: Routed | undefined,
  captured?: () => string,
): void {
  const { checker } = deps;
  if ('streamed' in result) {
    if (routed) {
      routed.streamed = true;
      if (result.cut === true) routed.cut = true;
    }
    // Checked only when sent whole: a stream the client cut short is not the mock's answer.
    if (!checker || !captured) return;
    const check = (): void => checker.checkStream(operation, res.statusCode, captured());
    if (res.writableFinished) check();
    else res.once('finish', check);
    return;
  }
  const payload = result.rawBody ?? JSON.stringify(result.body);
  if (checker) {
    const text = payload.toString();
    // A Prefer scenario may answer with a documented event-stream example.
    const contentType =
      Object.entries(result.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
    if (contentType.startsWith('text/event-stream')) checker.checkStream(operation, result.status, text);
    else checker.checkJson(operation, result.status, text);
  }
  if (routed?.closeMidBody === true) {
    routed.cut = true;
    sendHalf(res, result.status, payload, result.headers);
    return;
  }
  sendJson(res, result.status, payload, result.headers);
}

function fail(deps: AppDependencies, res: ServerResponse, operation: OperationInfo | undefined, err: unknown): void {
  const error =
    err instanceof GatewayError
      ? err
      : new GatewayError(500, "Unexpected error in the mock gateway; see the mock's log for details");
  if (!(err instanceof GatewayError))
    deps.options.log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  // 404/405 for unknown routes have no operation in the document to check against, and errors
  // about the mock's own controls (Prefer) are not API responses.
  if (operation && !res.headersSent && error.options.mockControl !== true)
    deps.checker?.checkJson(operation, error.status, JSON.stringify(toEnvelope(error)));
  sendError(res, error);
}
