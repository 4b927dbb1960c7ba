import type { OperationInfo } from '../../../kit/contract/operations';
import type { ApiKeyRecord } from './state/store';
import type { HandlerResult } from './handler-types';
import type { AdmittedUrl } from './stages/admitted-urls';
import { ADMIN_PREFIX, handleAdmin } from './stages/admin';
import { authenticate } from './stages/authenticate';
import { LiveContext } from './live-context';
import { applyCors } from './stages/cors';
import { GatewayError } from '../exchange/gateway-error';
import { readRequestBody } from './stages/read-body';
import type { MockRequest } from '../exchange/mock-request';
import type { ReplySink } from '../exchange/reply-sink';
import { actOnScenario, takeScenario } from './stages/queued-scenarios';
import type { PipelineDependencies, Routed } from './serve-types';
import { fail, finish } from './finish';
import { logRequest } from './journal-entry';

/**
 * The data path, as a pipeline of plain stages: route → authenticate → validate → handle.
 * Every stage throws GatewayError; `fail` (finish.ts) alone turns errors into the envelope, and
 * `finish` sends what the handler returned; journal-entry.ts journals the exchange once it is over.
 */
export function createPipeline(deps: PipelineDependencies): (request: MockRequest, reply: ReplySink) => void {
  const { store } = deps;
  return (request, reply) => {
    const started = performance.now();
    const url = request.url;
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const routed: Routed = { operation: undefined, body: undefined };
    let pending: Promise<void> | undefined;
    try {
      pending = serve(deps, request, reply, path, url, queryAt, routed);
    } catch (err) {
      fail(deps, reply, routed.operation, err);
    }
    pending?.catch((err: unknown) => fail(deps, reply, routed.operation, err));
    // The journal is the app's: the test's own calls to /__mock/* are not in it unless asked for.
    if (!deps.options.journalAdmin && path.startsWith(ADMIN_PREFIX)) return;
    // Answered in this turn (every GET, every early error): logged now, with no listener to add.
    // Otherwise once the exchange is over: finished, or left by its client mid-answer (a page
    // that aborts its stream), which the log shows as `aborted`.
    if (reply.answered || reply.closed) logRequest(store, request, reply, path, routed, started, false);
    else reply.onClose((aborted) => logRequest(store, request, reply, path, routed, started, aborted));
  };
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
 * body in the turn its body ends (where the adapter hands it over in that turn). Returns a
 * promise only when a handler in this turn had to wait.
 */
function serve(
  deps: PipelineDependencies,
  request: MockRequest,
  reply: ReplySink,
  path: string,
  url: string,
  queryAt: number,
  routed: Routed,
): Promise<void> | undefined {
  const { options, router, store } = deps;
  const { basePath } = options;
  const { headers } = request;
  // The path under the base path is cut out only where routing needs it: a remembered URL does not.
  const underBase = path.startsWith(basePath) && path.charCodeAt(basePath.length) === SLASH;
  const cors =
    headers.origin !== undefined &&
    applyCors(
      request,
      reply,
      () => (underBase ? router.allowedMethods(path.slice(basePath.length)) : ['GET', 'POST']),
      deps.cors,
    );
  if (cors) return undefined;
  if (path.startsWith(ADMIN_PREFIX)) {
    const failed = (err: unknown): void => fail(deps, reply, undefined, err);
    const admin = (): void =>
      handleAdmin(request, reply, path, store, deps.shutdown, options, deps.adminEndpoints, failed);
    if (request.method === 'POST' || !sendsBody(headers)) {
      admin();
      return undefined;
    }
    // A body no admin GET or DELETE reads is read and dropped first: a connection closed while its
    // body still arrives is reset, and the reset loses the answer (the journal's can be large).
    request.readBody(options.bodyLimitBytes, () => {
      try {
        admin();
      } catch (err) {
        failed(err);
      }
    });
    return undefined;
  }
  if (!underBase) {
    throw new GatewayError(404, `No operation at ${path}: the API is served under ${options.basePath}`);
  }
  const method = request.method;
  // While scenarios are queued, every request goes the long way, past the scenario stage.
  const plain = headers.prefer === undefined && !store.scenarios.active;
  const known = plain ? deps.admittedUrls.get(method, url) : undefined;
  if (known) {
    routed.operation = known.operation;
    return handle(deps, request, reply, known, undefined, admit(deps, request, known.operation));
  }
  const { operation, pathParams } = router.match(method, path.slice(basePath.length));
  routed.operation = operation;
  const admitted: Admitted = { operation, pathParams, key: admit(deps, request, operation), url, queryAt };
  if (!operation.requestBody && plain) return respond(deps, request, reply, admitted, undefined);
  serveAfterBody(deps, request, reply, admitted, routed);
  return undefined;
}

/** Authentication: the key the request carries, accepted for `operation`. */
function admit(deps: PipelineDependencies, request: MockRequest, operation: OperationInfo): ApiKeyRecord {
  return authenticate(
    request.headers,
    deps.facts.managementOnly.has(operation.operationId),
    deps.store,
    request.connection,
  );
}

/**
 * Reads the body (if the operation has one), then answers a queued scenario, a `Prefer` example
 * or the ordinary way. Callbacks all the way: an ordinary answer is sent in the turn the body
 * ends. Every failure on the way, thrown or rejected, in this turn or a later one, reaches `fail`
 * (and the envelope).
 */
function serveAfterBody(
  deps: PipelineDependencies,
  request: MockRequest,
  reply: ReplySink,
  admitted: Admitted,
  routed: Routed,
): void {
  const { operation } = admitted;
  const { scenarios } = deps.store;
  const failed = (err: unknown): void => fail(deps, reply, operation, err);
  const afterBody = (rawBody: Uint8Array | undefined): void => {
    routed.body = rawBody;
    try {
      // The scenario stage: after route, authentication and body; before `Prefer` and the handler.
      const action = scenarios.active
        ? takeScenario(scenarios, operation.operationId, request.headers, rawBody)
        : undefined;
      if (action) {
        actOnScenario(action, reply, routed, () => {
          try {
            respond(deps, request, reply, admitted, rawBody, routed)?.catch(failed);
          } catch (err) {
            failed(err);
          }
        });
        return;
      }
      if (request.headers.prefer === undefined) {
        respond(deps, request, reply, admitted, rawBody, routed)?.catch(failed);
        return;
      }
      deps
        .prefer(operation, request, rawBody)
        .then((scenario) =>
          scenario
            ? finish(deps, reply, operation, scenario, routed)
            : respond(deps, request, reply, admitted, rawBody, routed),
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
  readRequestBody(request, deps.options.bodyLimitBytes, operation.responses.has('413') ? 413 : 400, (error, body) => {
    if (error) failed(error);
    else afterBody(body);
  });
}

/** Validates the request against the document and runs the operation's handler. */
function respond(
  deps: PipelineDependencies,
  request: MockRequest,
  reply: ReplySink,
  { operation, pathParams, key, url, queryAt }: Admitted,
  rawBody: Uint8Array | undefined,
  routed?: Routed,
): Promise<void> | undefined {
  const validate = deps.validators.get(operation.operationId);
  if (!validate) throw new GatewayError(500, `The mock has no handler for ${operation.operationId}`);
  const { query, body, bodyByteString } = validate({
    pathParams,
    queryString: queryAt === -1 ? '' : url.slice(queryAt + 1),
    headers: request.headers,
    body: rawBody,
  });
  if (routed && bodyByteString !== undefined) routed.bodyByteString = bodyByteString;
  const validated: AdmittedUrl = { operation, pathParams, query };
  if (request.headers.prefer === undefined) deps.admittedUrls.remember(request.method, url, validated);
  return handle(deps, request, reply, validated, body, key, routed);
}

/** Runs the operation's handler on a validated request and sends what it returns. */
function handle(
  deps: PipelineDependencies,
  request: MockRequest,
  reply: ReplySink,
  { operation, pathParams, query }: AdmittedUrl,
  body: unknown,
  key: ApiKeyRecord,
  routed?: Routed,
): Promise<void> | undefined {
  const { options, store } = deps;
  const handler = deps.handlers[operation.operationId];
  if (!handler) throw new GatewayError(500, `The mock has no handler for ${operation.operationId}`);
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
    tokens: deps.tokens,
    request,
    reply,
    shutdown: deps.shutdown,
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
    return finish(deps, reply, operation, result, routed);
  }
  return result.then(
    (settled) => {
      context.release();
      return finish(deps, reply, operation, settled, routed);
    },
    (err: unknown) => {
      context.release();
      throw err;
    },
  );
}

/** The request says a body follows (RFC 9112: a Content-Length above 0, or Transfer-Encoding). */
function sendsBody(headers: MockRequest['headers']): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
