import type { Keys } from '../http/credentials';
import { buildFailure } from './build-failure';
import type { Recorder } from './recorder';
import type { Check, CheckContext, Exchange, Expectation, Finding } from './types';

/** The pseudo-check a request fails when the gateway never answered it. */
export const REQUEST_COMPLETES = { name: 'request-completes', family: 'response', rule: '#/paths' } as const;

/**
 * Runs every applicable generic check and every expectation of the scenario on one exchange and
 * records one result per check. A check that throws is recorded as a failure of that check, never
 * as a pass: a broken check must not hide a broken gateway.
 */
export function evaluateExchange(
  exchange: Exchange,
  checks: readonly Check[],
  expectations: readonly Expectation[],
  ctx: CheckContext,
  recorder: Recorder,
  keys: Keys,
): void {
  recorder.noteExchange(exchange);
  const operation = exchange.operation.operationId;
  if (exchange.transportError !== undefined) {
    const finding = {
      message: `no answer: ${exchange.transportError}`,
      expected: 'an HTTP response within the request timeout',
    };
    recorder.fail(
      REQUEST_COMPLETES.family,
      buildFailure(exchange, { check: REQUEST_COMPLETES.name, rule: REQUEST_COMPLETES.rule }, finding, keys),
    );
    return;
  }
  const all: Array<{ name: string; rule: string; family: Check['family']; verify: () => Finding[] }> = [];
  for (const check of checks) {
    if (safeApplies(check, exchange, ctx))
      all.push({ name: check.name, rule: check.rule, family: check.family, verify: () => check.verify(exchange, ctx) });
  }
  for (const expectation of expectations) {
    all.push({
      name: expectation.check,
      rule: expectation.rule,
      family: expectation.family,
      verify: () => expectation.verify(exchange, ctx),
    });
  }
  for (const item of all) {
    let findings: Finding[];
    try {
      findings = item.verify();
    } catch (err) {
      findings = [
        { message: `the check itself failed: ${(err as Error).message}`, expected: 'a check that completes' },
      ];
    }
    if (findings.length === 0) recorder.pass(item.name, item.family, operation, exchange.scenario);
    for (const finding of findings) {
      recorder.fail(item.family, buildFailure(exchange, { check: item.name, rule: item.rule }, finding, keys));
    }
  }
}

function safeApplies(check: Check, exchange: Exchange, ctx: CheckContext): boolean {
  try {
    return check.applies(exchange, ctx);
  } catch {
    return true; // verify() will throw too and be recorded as a failure of the check
  }
}
