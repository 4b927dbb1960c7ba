import { apiBasePath } from '../../kit/contract/api-base-path';
import { schemaErrorLines } from '../../kit/schema/schema-problems';
import { documentedResponse, documentedSchema, isJsonMediaType, mediaType } from './response-helpers';
import type { PlanContext } from './scenario';
import { hasTopLevelShape } from './top-level-shape';
import type { Exchange } from './types';

/*
 * How the preflight tells this API from whatever else may answer at a base URL, and says in one
 * line what did answer and the likely fix.
 */

/** Answers of a server that is there but not ready: a proxy or load balancer before its backend. */
export const NOT_READY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * An answer that looks like this API's: JSON whose top-level shape (its type and required members,
 * nothing deeper) is that of the schema the operation documents for its status; a redirect, a 404
 * or 405 (a wrong prefix) never is. A body with a defect further down is this API with a defect,
 * for the checks to report (exit 1), not another service (exit 2).
 */
export function looksLikeApi(exchange: Exchange, plan: PlanContext): boolean {
  const response = exchange.response;
  if (response?.json === undefined || WRONG_PLACE.test(String(response.status))) return false;
  const documented = documentedResponse(exchange.operation, response.status);
  const pointers = [...(documented?.content ?? [])].filter(([type]) => isJsonMediaType(type)).map(([, p]) => p);
  return pointers.some((pointer) => hasTopLevelShape(plan.contract, pointer, response.json));
}

/**
 * Statuses that prove nothing about who answered: a redirect, a wrong path or method, and what
 * any proxy or load balancer in front of anything answers (407, 429, 5xx).
 */
const WRONG_PLACE = /^(3\d\d|404|405|407|429|5\d\d)$/;

/** What answered, in words: the status and type, and what the body was. */
export function describeAnswer(exchange: Exchange, plan: PlanContext): string {
  const response = exchange.response;
  if (!response) return 'no answer';
  const type = mediaType(response.headers);
  const shown = `${response.status} ${type ?? 'without a content type'}`;
  const location = response.headers.location;
  if (response.status >= 300 && response.status < 400 && location !== undefined)
    return `${response.status}, a redirect to ${location}`;
  if (type === 'text/html' || /^\s*</.test(response.text)) return `${shown}: an HTML page`;
  if (response.text.trim() === '') return `${shown} with an empty body`;
  if (response.json === undefined) return `${shown} with a body that is not JSON: ${bodyStart(exchange)}`;
  const documented = documentedResponse(exchange.operation, response.status);
  if (!documented)
    return `${shown}, a status ${exchange.operation.operationId} does not document: ${bodyStart(exchange)}`;
  const pointer = documentedSchema(exchange);
  if (pointer !== undefined && !plan.contract.validator(pointer)(response.json)) {
    const first = schemaErrorLines(plan.contract.validator(pointer).errors, 1)[0] ?? 'invalid';
    return `${shown} with a body the spec does not allow there (${first}): ${bodyStart(exchange)}`;
  }
  return `${shown}: ${bodyStart(exchange)}`;
}

export function hintFor(exchange: Exchange, plan: PlanContext, baseUrl: string): string {
  const prefix = apiBasePath(plan.contract);
  const response = exchange.response;
  const status = response?.status ?? 0;
  if (status >= 300 && status < 400 && response?.headers.location !== undefined)
    return 'Give the base URL it redirects to: the suite follows no redirect, as a client posting to the API should not have to.';
  if (status === 407)
    return 'A proxy between the runner and the target asks for credentials (407): give them in the proxy variable, http://user:password@proxy:port.';
  if (status === 429) return 'The target is limiting requests (429): run again later, or with a lower --concurrency.';
  if (NOT_READY_STATUSES.has(status))
    return `The target is not ready (${status}): if it is still starting, wait for it with --wait SECONDS (CONFORMANCE_WAIT).`;
  if (status >= 500) return 'The target is failing: is it up and healthy?';
  // A prefix is suggested only where the answer points that way: a 404 to a base URL with no path.
  const path = new URL(baseUrl).pathname.replace(/\/+$/, '');
  if (status === 404 && prefix !== '' && path === '')
    return `Is the base URL right? It must include the API's prefix, e.g. ${new URL(baseUrl).origin}${prefix}.`;
  if (response && /html/.test(mediaType(response.headers) ?? ''))
    return 'An HTML page usually means the wrong host, or a proxy or login page in front of the API.';
  if (status === 404 || status === 405)
    return `Nothing serves ${exchange.request.method} ${exchange.url} (${status}): check the base URL's path; a gateway that serves part of the API is checked on that part with --only OPERATION.`;
  return `Is this the right host, and does the base URL include the API's prefix (${prefix || '/'})?`;
}

/**
 * The answer a "not this API" message describes: the API key's POST /responses when the run asks
 * it (the operation the run is about, and the one a partial gateway serves), else the first.
 */
export function answerToDescribe(answers: readonly Exchange[]): Exchange | undefined {
  return (
    answers.find((a) => a.operation.operationId === 'createResponse' && a.request.credential === 'apiKey') ?? answers[0]
  );
}

/** What the other requests got, for the same line: `(3 requests tried: 404 to each)`. */
export function triedLine(answers: readonly Exchange[]): string {
  if (answers.length < 2) return '';
  const statuses = [...new Set(answers.map((a) => String(a.response?.status ?? 'no answer')))];
  return ` (${answers.length} requests tried: ${statuses.length === 1 ? `${statuses[0]} to each` : `answered ${statuses.join(', ')}`})`;
}

/** The error message of an error envelope (or a problem document's detail or title), else the start of the body. */
function bodyStart(exchange: Exchange): string {
  const json = exchange.response?.json as
    { error?: { message?: unknown }; title?: unknown; detail?: unknown } | undefined;
  const said = json?.error?.message ?? json?.detail ?? json?.title;
  if (typeof said === 'string') return JSON.stringify(said.length > 300 ? `${said.slice(0, 300)}…` : said);
  const text = (exchange.response?.text ?? '').replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
