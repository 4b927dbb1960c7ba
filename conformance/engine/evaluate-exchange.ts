import { causeOf } from './failure-cause';
import { buildFailure } from './build-failure';
import type { Wire } from './build-failure';
import type { Recorder } from './recorder';
import { documentedResponse } from './response-helpers';
import { DROPPED_CAUSE } from './transport-findings';
import { HTTP_LAYER_NOTE, isHttpLayerRefusal } from './http-layer-refusal';
import { exchangeFeatures, requestFeatures } from './exchange-features';
import { ignoredFeatures, ignoredMembers } from './ignored-features';
import { actedFeatures, carriedMembers } from './feature-members';
import type { Check, CheckContext, Exchange, Expectation, Finding } from './types';

/** The pseudo-check a request fails when the gateway never answered it. */
export const REQUEST_COMPLETES = { name: 'request-completes', family: 'response', rule: '#/paths' } as const;

interface Verdict {
  readonly name: string;
  readonly rule: string;
  readonly family: Check['family'];
  readonly findings: readonly Finding[];
  /** A scenario's expectation: about what its request was built to test, its members included. */
  readonly expected?: boolean;
}

/**
 * Runs every applicable generic check and every expectation of the scenario on one exchange and
 * records one result per check. A check that throws is recorded as a failure of that check, never
 * as a pass: a broken check must not hide a broken gateway.
 *
 * Only real verdicts count. On an answer whose status the operation does not document, a check
 * has nothing the contract lets it judge: its passes are not recorded. And one cause is reported
 * once: when the answer's status (or else its content type) is wrong, every other failure on the
 * same answer is recorded as that one's knock-on effect (`causedBy`), so reports group them under it;
 * so is every other failure on a body its schema does not allow, and, when nothing is wrong with
 * the status, type or schema, every failure after the first: one answer, one root cause.
 * Connections dropped on the way to the answer and asked again are counted where the request was
 * sent (transport-findings.ts, countingDrops), for every request of a run alike.
 */
export function evaluateExchange(
  exchange: Exchange,
  checks: readonly Check[],
  expectations: readonly Expectation[],
  ctx: CheckContext,
  recorder: Recorder,
  wire: Wire,
): void {
  recorder.noteExchange(exchange);
  const operation = exchange.operation.operationId;
  if (exchange.transportError !== undefined) {
    const finding = {
      message: `no complete answer: ${exchange.transportError}`,
      expected: 'an HTTP response within the request timeout',
      // A request that ended in a dropped connection is counted with the other drops.
      ...(exchange.dropped === undefined ? {} : { cause: DROPPED_CAUSE }),
    };
    const source = { check: REQUEST_COMPLETES.name, rule: REQUEST_COMPLETES.rule };
    const features = exchangeFeatures(ctx, exchange, REQUEST_COMPLETES.rule);
    recorder.fail(REQUEST_COMPLETES.family, { ...buildFailure(exchange, source, finding, wire), features });
    return;
  }
  const verdicts: Verdict[] = [];
  for (const check of checks) {
    if (safeApplies(check, exchange, ctx))
      verdicts.push(verdict(check.name, check.rule, check.family, () => check.verify(exchange, ctx)));
  }
  for (const expectation of expectations) {
    if (expectation.applies && !expectation.applies(exchange, ctx)) continue;
    verdicts.push({
      ...verdict(expectation.check, expectation.rule, expectation.family, () => expectation.verify(exchange, ctx)),
      expected: true,
    });
  }
  const root = rootOf(verdicts);
  const rootCause =
    root === undefined
      ? undefined
      : causeOf(buildFailure(exchange, { check: root.check, rule: '' }, root.finding, wire));
  const status = exchange.response?.status ?? 0;
  const judged = documentedResponse(exchange.operation, status) !== undefined;
  // The HTTP server's refusal of bytes it may refuse: shown, counted, not the gateway's failure.
  const httpLayer = wire.strictHttp !== true && isHttpLayerRefusal(exchange);
  // Failures on a request with extension members: do they only show those members ignored?
  const ignored =
    !httpLayer && verdicts.some((v) => v.findings.length > 0)
      ? ignoredFeatures(exchange, checks, expectations, ctx)
      : [];
  const ofRequest = requestFeatures(ctx, exchange);
  const carried = carriedMembers(ctx, exchange.request, ofRequest);
  const membersOf = (features: readonly string[]) => features.flatMap((feature) => carried.get(feature) ?? []);
  // Ignored: the members that explain it, each tried alone. Else a scenario's expectation is about
  // the members its request was built with; a generic check's failure is charged to what its rule
  // and operation are about, never to members the request merely carried (a core fault is the core's).
  const ignoredMembersOf =
    ignored.length > 0 ? ignored.flatMap((f) => ignoredMembers(exchange, f, checks, expectations, ctx)) : [];
  const featuresOf = (item: Verdict, rule: string) =>
    ignored.length > 0
      ? ignored
      : item.expected === true
        ? exchangeFeatures(ctx, exchange, rule, ofRequest)
        : actedFeatures(ctx, exchange, rule);
  for (const item of verdicts) {
    if (item.findings.length === 0 && judged) {
      const features = exchangeFeatures(ctx, exchange, item.rule, ofRequest);
      recorder.pass(item.name, item.family, operation, exchange.scenario, features, membersOf(features));
    }
    for (const finding of item.findings) {
      const built = buildFailure(exchange, { check: item.name, rule: item.rule }, finding, wire);
      const features = featuresOf(item, built.rule);
      const members = ignored.length > 0 ? ignoredMembersOf : membersOf(features);
      const failure = {
        ...built,
        features,
        ...(members.length > 0 ? { members } : {}),
        ...(ignored.length > 0 ? { ignored: true } : {}),
      };
      const knockOn = root !== undefined && finding !== root.finding;
      if (httpLayer && !knockOn) recorder.warn({ ...failure, message: `${HTTP_LAYER_NOTE}: ${failure.message}` });
      else if (!httpLayer)
        recorder.fail(item.family, knockOn ? { ...failure, causedBy: root.check, cause: rootCause } : failure);
    }
  }
  if (httpLayer && verdicts.some((v) => v.findings.length > 0))
    recorder.pass('http-layer-refusal', 'error', operation, exchange.scenario);
}

/**
 * The finding that explains the others on this answer: a wrong status first (one that states its
 * cause, an expectation's, before a generic check's), then a wrong content type, then a body its
 * schema does not allow; else the first finding of the first check that failed. One answer is
 * one root cause: everything else wrong with it is reported with it, as its knock-on effect.
 */
function rootOf(verdicts: readonly Verdict[]): { check: string; finding: Finding } | undefined {
  if (!verdicts.some((v) => v.findings.length > 0)) return undefined;
  for (const kind of ['status', 'content-type', 'schema'] as const) {
    const candidates = verdicts.flatMap((v) =>
      v.findings.filter((f) => f.kind === kind).map((finding) => ({ check: v.name, finding })),
    );
    const root = candidates.find((c) => c.finding.cause !== undefined) ?? candidates[0];
    if (root) return root;
  }
  const first = verdicts.find((v) => v.findings.length > 0);
  const finding = first?.findings[0];
  return first && finding ? { check: first.name, finding } : undefined;
}

function verdict(name: string, rule: string, family: Check['family'], verify: () => Finding[]): Verdict {
  try {
    return { name, rule, family, findings: verify() };
  } catch (err) {
    return {
      name,
      rule,
      family,
      findings: [{ message: `the check itself failed: ${(err as Error).message}`, expected: 'a check that completes' }],
    };
  }
}

function safeApplies(check: Check, exchange: Exchange, ctx: CheckContext): boolean {
  try {
    return check.applies(exchange, ctx);
  } catch {
    return true; // verify() will throw too and be recorded as a failure of the check
  }
}
