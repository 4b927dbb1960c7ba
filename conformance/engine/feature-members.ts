import { CORE_FEATURE } from '../../kit/contract/core-members';
import { isRecord } from '../../kit/json/guards';
import type { CheckContext, Exchange, RequestSpec } from './types';

/**
 * The members of each extension feature a request carries, by the names the document gives them
 * (the feature index's carriers): top-level body members, members deeper in the body (a content
 * part's `cache_control`), headers. The matrix's per-member evidence is about these.
 */
export function carriedMembers(
  ctx: CheckContext,
  request: Pick<RequestSpec, 'body' | 'headers'>,
  features: readonly string[],
): Map<string, string[]> {
  const carried = new Map<string, string[]>();
  const headers = new Set(Object.keys(request.headers ?? {}).map((name) => name.toLowerCase()));
  const keys = new Set<string>();
  collectKeys(request.body, keys);
  for (const feature of features) {
    if (feature === CORE_FEATURE) continue;
    const members = (ctx.features.carriers.get(feature) ?? []).filter(
      (name) => keys.has(name) || headers.has(name.toLowerCase()),
    );
    if (members.length > 0) carried.set(feature, members);
  }
  return carried;
}

/** The request with the named members taken out: body members at any depth, headers by name. */
export function withoutMembers<R extends Pick<RequestSpec, 'body' | 'headers'>>(
  request: R,
  members: readonly string[],
): R {
  const gone = new Set(members);
  const lower = new Set(members.map((name) => name.toLowerCase()));
  const headers = Object.fromEntries(
    Object.entries(request.headers ?? {}).filter(([name]) => !lower.has(name.toLowerCase())),
  );
  return { ...request, body: dropKeys(request.body, gone), headers };
}

function collectKeys(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectKeys(item, into);
  else if (isRecord(value))
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      collectKeys(inner, into);
    }
}

function dropKeys(value: unknown, gone: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => dropKeys(item, gone));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !gone.has(key))
      .map(([key, inner]) => [key, dropKeys(inner, gone)]),
  );
}

/** The answer of `exchange` as if it had answered `request`: what the ignored rule judges again. */
export function asAnswerTo(exchange: Exchange, request: Pick<RequestSpec, 'body' | 'headers'>): Exchange {
  return { ...exchange, request: { ...exchange.request, body: request.body, headers: request.headers } };
}

/**
 * The features a failure the members do not explain is charged to: those of the rule the check
 * cites and those of the operation itself (a guardrail operation's), never the members the request
 * merely carried nor a security scheme's unless the rule cites it: a core fault on a request with
 * `plugins` is the core's, and a routing fault on the management operation is not key-management's.
 */
export function actedFeatures(ctx: CheckContext, exchange: Exchange, rule: string): readonly string[] {
  const op = exchange.operation;
  const path = `${op.method} ${op.path}`;
  const own = ctx.features
    .ofRequest(op, undefined, undefined)
    .filter((feature) => (ctx.features.carriers.get(feature) ?? []).includes(path));
  const found = [...new Set([...ctx.features.ofRule(rule), ...own])];
  return found.length === 0 ? [CORE_FEATURE] : found;
}
