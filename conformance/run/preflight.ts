import { apiBasePath } from '../../kit/contract/api-base-path';
import { ConfigError } from '../config/config-error';
import type { GatewayClient } from '../http/gateway-client';
import { ANSWERED_BUT } from '../http/transport-error';
import type { OperationInfo } from '../../kit/contract/operations';
import { UNKNOWN_GUARDRAIL_ID, UNKNOWN_KEY_HASH, baseRequest, fillPath } from '../scenarios/base-requests';
import {
  NOT_READY_STATUSES,
  answerToDescribe,
  describeAnswer,
  hintFor,
  looksLikeApi,
  triedLine,
} from '../engine/not-the-api';
import { answersChatCompletions, chatCompletionsHint } from './chat-completions-probe';
import type { PlanContext } from '../engine/scenario';
import { judged } from '../config/profile-judges';
import type { Credential, Exchange, RequestSpec } from '../engine/types';
import { guardrail404Finding } from './guardrail-404';
import { contradictedRefusals } from './key-refusal';
import { model404Finding } from './model-404';
import type { PreflightFinding } from './preflight-finding';

/** Bounds each preflight request: an unreachable target must be reported within seconds. */
export const PREFLIGHT_TIMEOUT_MS = 10_000;

/** Where each credential comes from, for the one line that says which one was refused. */
const CREDENTIAL_SOURCE: Readonly<Record<'apiKey' | 'managementKey' | 'guardedApiKey', string>> = {
  apiKey: 'the API key (CONFORMANCE_API_KEY, --api-key or "apiKey")',
  managementKey: 'the management key (CONFORMANCE_MANAGEMENT_KEY, --management-key or "managementKey")',
  guardedApiKey: 'the guarded key (CONFORMANCE_GUARDED_API_KEY, --guarded-api-key or "guardrail.guardedApiKey")',
};

export interface PreflightInput {
  readonly plan: PlanContext;
  readonly baseUrl: string;
  /** The operations the run covers (those of its scenarios): the only ones asked. */
  readonly scope: ReadonlySet<string>;
  /** A client for a base URL, with the preflight's short timeout. */
  readonly clientFor: (baseUrl: string) => GatewayClient;
  /** An answer that contradicts the contract rather than showing a bad setting: a failure (exit 1), the run goes on. */
  readonly found: (exchange: Exchange, finding: PreflightFinding) => void;
}

/**
 * Requests before any scenario that prove the target is this API and that each key works, without
 * side effects, asked only of the operations the run covers. It proves identity, not perfection:
 * a defect in an answer is the checks' to report (exit 1); only what is clearly something else is
 * a configuration problem, reported on one line (exit 2) instead of as hundreds of failures:
 * - each operation is asked with a key no gateway issues: the answer to a refused key is this
 *   API's when it has the top-level shape of what the operation documents for that status (the
 *   error envelope); each GET an ordinary key may call is asked with the API key too, its answer
 *   this API's when it has the top-level shape of the documented body; one answer at least must
 *   be this API's (an HTML page, `{}`, a redirect or a 404 from a base URL without the prefix are not);
 * - the API key is not refused (a body-taking operation is sent a body it must refuse as invalid,
 *   so nothing is created); a 401 from one operation to a key another accepted is the gateway's
 *   defect, handed to `found` (key-refusal.ts);
 * - the management key is accepted where only it may go, on a guardrail that does not exist (404
 *   accepted, 401/403 refused), and the target's guardrail exists (unassigning a hash no key has
 *   changes nothing; a 404 there that the contract's missing guardrail does not explain is the
 *   gateway's defect, handed to `found`, guardrail-404.ts);
 * - the guarded key is accepted.
 */
export async function preflight({ plan, baseUrl, scope, clientFor, found }: PreflightInput): Promise<void> {
  const client = clientFor(baseUrl);
  const { config, checks } = plan;
  const covered = [...checks.operations.values()].filter((op) => scope.has(op.operationId));
  const keyed = keyedFirstGets(plan, scope);
  // The API key's requests first: a target that does not answer is described by them.
  const probes = [
    ...keyed.map((op) => [op, keyProbe(plan, op)] as const),
    ...covered.map((op) => [op, baseRequest(plan, op.operationId, { credential: 'invalid' })] as const),
  ];
  const answers = await Promise.all(probes.map(([op, request]) => send(client, op, request)));
  for (const exchange of answers) if (!exchange.response) throw new ConfigError(unreachable(exchange, baseUrl));
  if (!answers.some((exchange) => looksLikeApi(exchange, plan))) {
    const first = answerToDescribe(answers);
    if (first) await notThisApi(first, plan, baseUrl, clientFor, triedLine(answers));
  }
  const keyAnswers = answers.filter((exchange) => exchange.request.credential === 'apiKey');
  // A 401 to a key another operation accepted contradicts the contract: a finding, not a bad key.
  const contradicted = contradictedRefusals(keyAnswers);
  for (const [exchange, finding] of contradicted) found(exchange, finding);
  for (const exchange of keyAnswers)
    if (!contradicted.some(([refusal]) => refusal === exchange)) refused(exchange, 'apiKey', baseUrl);
  for (const exchange of keyAnswers) {
    const status = exchange.response?.status;
    if (status !== 404 || !exchange.operation.pathParamNames.includes('author')) continue;
    // An operation the profile does not judge (GET /model under --profile openai) may be missing.
    if (!judged(config, [], exchange.operation.operationId)) continue;
    // Not a bad model when the target answers 404 for a model it lists as well (model-404.ts).
    const defect = await model404Finding(exchange, keyAnswers, plan, (request) =>
      send(client, exchange.operation, request),
    );
    if (defect) found(exchange, defect);
    else
      throw new ConfigError(
        unknownModel(
          exchange,
          config.model,
          covered.map((op) => op.operationId),
        ),
      );
  }
  const management = covered.filter((op) => checks.managementOnly.has(op.operationId));
  if (config.managementKey !== undefined) {
    for (const op of management) {
      const path = fillPath(op, { id: UNKNOWN_GUARDRAIL_ID });
      const exchange = await send(client, op, baseRequest(plan, op.operationId, { path, credential: 'managementKey' }));
      refused(exchange, 'managementKey', baseUrl);
      const id = config.guardrail.id;
      if (id === undefined || !op.pathParamNames.includes('id')) continue;
      const body = { key_hashes: [UNKNOWN_KEY_HASH] };
      const own = await send(client, op, baseRequest(plan, op.operationId, { path: fillPath(op, { id }), body }));
      if (own.response?.status !== 404) continue;
      // A 404 is a bad guardrail.id only when it is what the contract's missing guardrail looks like.
      const defect = await guardrail404Finding(own, exchange, plan, (request) =>
        send(client, plan.operation('createResponse'), request),
      );
      if (defect) found(own, defect);
      else
        throw new ConfigError(
          `the target has no guardrail ${id} (${describe(own)} answered 404): set "guardrail.id" to a guardrail the management key may change`,
        );
    }
  }
  const read = keyed[0];
  if (config.guardrail.guardedApiKey !== undefined && read) {
    const exchange = await send(client, read, { ...keyProbe(plan, read), credential: 'guardedApiKey' });
    refused(exchange, 'guardedApiKey', baseUrl);
  }
}

/**
 * The request that proves the API key is accepted without changing anything: a GET as is; an
 * operation that takes a body is sent a JSON array where an object is due, which the operation
 * must refuse as invalid after it accepted the key, so nothing is generated or stored.
 */
export function keyProbe(plan: PlanContext, op: OperationInfo): RequestSpec {
  if (op.requestBody === undefined) return baseRequest(plan, op.operationId);
  return { ...baseRequest(plan, op.operationId), body: undefined, rawBody: '[]' };
}

/** The first request `--wait` asks until the target is up: one the API key may send without side effects. */
export function waitProbe(plan: PlanContext, scope: ReadonlySet<string>): [OperationInfo, RequestSpec] | undefined {
  const op = keyedFirstGets(plan, scope)[0];
  return op === undefined ? undefined : [op, keyProbe(plan, op)];
}

/** The operations in scope an ordinary key may call, GETs first: they change nothing as they are. */
function keyedFirstGets(plan: PlanContext, scope: ReadonlySet<string>): OperationInfo[] {
  const keyed = [...plan.checks.operations.values()].filter(
    (op) => scope.has(op.operationId) && !plan.checks.managementOnly.has(op.operationId),
  );
  return [...keyed.filter((op) => op.method === 'GET'), ...keyed.filter((op) => op.method !== 'GET')];
}

async function send(client: GatewayClient, op: OperationInfo, request: RequestSpec): Promise<Exchange> {
  return client.send('preflight', op, request);
}

/** Throws the one line that says what answered instead of the API, and the likely fix. */
async function notThisApi(
  exchange: Exchange,
  plan: PlanContext,
  baseUrl: string,
  clientFor: (baseUrl: string) => GatewayClient,
  tried = '',
): Promise<never> {
  const problem = describeAnswer(exchange, plan);
  // A server that is not ready is at the right address, or cannot tell: no other is tried.
  const notReady = NOT_READY_STATUSES.has(exchange.response?.status ?? 0);
  const elsewhere = notReady ? undefined : await answersElsewhere(exchange, plan, baseUrl, clientFor);
  // Asked only where POST /responses is not served at all (404, 405).
  const missing = exchange.response?.status === 404 || exchange.response?.status === 405;
  const chat = elsewhere || !missing ? undefined : await answersChatCompletions(clientFor(baseUrl));
  const hint = elsewhere
    ? `It does answer at ${elsewhere}: use that as the base URL.`
    : chat
      ? chatCompletionsHint(chat, `${baseUrl}/responses`)
      : hintFor(exchange, plan, baseUrl);
  throw new ConfigError(
    `${baseUrl} does not answer as the Model Gateway API: ${describe(exchange)} got ${problem}${tried}. ${hint}`,
  );
}

/** The likely fix: the API's prefix on the same host, when the base URL lacks it and the API answers there. */
async function answersElsewhere(
  exchange: Exchange,
  plan: PlanContext,
  baseUrl: string,
  clientFor: (baseUrl: string) => GatewayClient,
): Promise<string | undefined> {
  const candidates = [...new Set(prefixCandidates(plan, baseUrl))].filter((candidate) => candidate !== baseUrl);
  for (const candidate of candidates) {
    const again = await send(clientFor(candidate), exchange.operation, exchange.request);
    if (looksLikeApi(again, plan)) return candidate;
  }
  return undefined;
}

/**
 * Where the API may be on the host of a base URL that did not answer as it: the spec's prefix
 * (`/api/v1`) and its version part alone (`/v1`, where many gateways serve it), on the host and
 * after the given path, then the bare host (a mock serving the spec's paths at its root).
 */
export function prefixCandidates(plan: PlanContext, baseUrl: string): string[] {
  const prefix = apiBasePath(plan.contract);
  const origin = new URL(baseUrl).origin;
  const version = /\/v\d+[^/]*$/.exec(prefix)?.[0];
  const prefixes = [prefix, ...(version !== undefined && version !== prefix ? [version] : [])].filter((p) => p !== '');
  return [...prefixes.map((p) => `${origin}${p}`), ...prefixes.map((p) => `${baseUrl}${p}`), origin];
}

function refused(exchange: Exchange, credential: Exclude<Credential, 'none' | 'invalid'>, baseUrl: string): void {
  const status = exchange.response?.status;
  if (!exchange.response) throw new ConfigError(unreachable(exchange, baseUrl));
  if (status !== 401 && status !== 403) return;
  throw new ConfigError(
    `the target rejected ${CREDENTIAL_SOURCE[credential]}: ${describe(exchange)} answered ${status}${messageOf(exchange)}`,
  );
}

function unreachable(exchange: Exchange, baseUrl: string): string {
  const error = exchange.transportError ?? 'no answer';
  if (/^the answer began/.test(error))
    return `target ${baseUrl} does not finish its answers: ${describe(exchange)}: ${error}`;
  if (/^no response/.test(error)) return `target ${baseUrl} does not answer: ${describe(exchange)}: ${error}`;
  if (ANSWERED_BUT.test(error)) return `target ${baseUrl} is reachable, but ${error}`;
  if (/socket hang up|other side closed/.test(error)) {
    // What an HTTPS port does with a plain-HTTP request.
    const tls = baseUrl.startsWith('http:')
      ? ' (if the gateway serves HTTPS there, the base URL starts with https://)'
      : '';
    return `target ${baseUrl} closes the connection without answering: ${describe(exchange)}: ${error}${tls}`;
  }
  const starting =
    /ECONNREFUSED/.test(error) && !/^the proxy/.test(error)
      ? ' (if it is still starting, wait for it with --wait SECONDS)'
      : '';
  return `target ${baseUrl} is unreachable: ${error}${starting}`;
}

/**
 * A 404 for the run's model: what answered, the model to give instead, and for a gateway that does
 * not serve the operation at all (a partial gateway), the `--only` that leaves it out.
 */
function unknownModel(exchange: Exchange, model: string, covered: readonly string[]): string {
  const operation = exchange.operation.operationId;
  const rest = covered.filter((op) => op !== operation);
  const skip =
    rest.length === 0
      ? ''
      : `; if it does not serve ${operation} at all, leave that operation out with --only ${rest.join(',')}`;
  return `the target does not know the model ${model}: ${describe(exchange)} answered 404${bodyOf(exchange)}: give one it serves with CONFORMANCE_MODEL, --model or "model"${skip}`;
}

/** The start of an answer's body, on one line: what answered, for a reader to recognise. */
function bodyOf(exchange: Exchange): string {
  const text = (exchange.response?.text ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') return ' with an empty body';
  return ` (${text.length > 120 ? `${text.slice(0, 120)}…` : text})`;
}

function messageOf(exchange: Exchange): string {
  const json = exchange.response?.json as { error?: { message?: unknown } } | undefined;
  const message = json?.error?.message;
  return typeof message === 'string' ? ` ("${message.slice(0, 120)}")` : '';
}

function describe(exchange: Exchange): string {
  return `${exchange.request.method} ${exchange.url}`;
}
