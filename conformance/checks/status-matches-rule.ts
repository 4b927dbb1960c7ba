import type { CheckFamily, Expectation } from '../engine/types';
import { isRecord } from '../../kit/json/guards';

export interface StatusRule {
  /** Check name shown in reports; defaults to `status-matches-rule`. */
  readonly check?: string;
  readonly family?: CheckFamily;
  /** Contract section the status comes from. */
  readonly rule: string;
  /** Allowed statuses, or a predicate with its description. */
  readonly statuses: readonly number[] | { readonly test: (status: number) => boolean; readonly text: string };
  /** Why this status is required, in the contract's words. */
  readonly because: string;
}

/** The answer's status is the one a contract rule requires for this request. */
/**
 * The status of `spec`, and then an error message that says what `says` looks for: the contract
 * states what some messages tell the caller (bearerAuth), not their wording.
 */
export function expectStatusAndMessage(spec: StatusRule, says: RegExp, what: string): Expectation {
  const status = expectStatus(spec);
  return {
    ...status,
    verify(exchange, ctx) {
      const findings = status.verify(exchange, ctx);
      if (findings.length > 0) return findings;
      const body = exchange.response?.json;
      const message = isRecord(body) && isRecord(body.error) ? body.error.message : undefined;
      if (typeof message === 'string' && says.test(message)) return [];
      return [
        {
          message: `the ${exchange.response?.status ?? ''} message ${JSON.stringify(message)} does not say ${what}`,
          expected: `a message saying ${what}`,
        },
      ];
    },
  };
}

export function expectStatus(spec: StatusRule): Expectation {
  const allowed = Array.isArray(spec.statuses) ? (spec.statuses as readonly number[]) : undefined;
  const predicate = allowed
    ? (s: number) => allowed.includes(s)
    : (spec.statuses as { test: (s: number) => boolean }).test;
  const text = allowed ? allowed.join(' or ') : (spec.statuses as { text: string }).text;
  return {
    check: spec.check ?? 'status-matches-rule',
    family: spec.family ?? 'rules',
    rule: spec.rule,
    verify(exchange) {
      const status = exchange.response?.status;
      if (status !== undefined && predicate(status)) return [];
      return [{ message: `got status ${status ?? 'none'}; ${spec.because}`, expected: `status ${text}` }];
    },
  };
}
