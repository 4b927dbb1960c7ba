import type { CheckFamily, Exchange, Expectation, Finding } from '../engine/types';
import { isRecord } from '../../kit/json/guards';
import type { JsonObject } from '../../kit/json/guards';

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
  /**
   * The kind of request, for the cause reports group by: `invalid requests` in `invalid requests
   * answered 422 where the contract says 400`. Derived from the statuses when absent.
   */
  readonly subject?: string;
}

export interface WantedStatus {
  /** The statuses the contract asks for, in words (`400`, `200 or 404`). */
  readonly expected: string;
  readonly subject: string;
  readonly because: string;
}

/**
 * A status other than the one the contract asks for: a finding of kind `status`, the root of
 * whatever else is wrong with the same answer, with the cause reports group by.
 */
export function wrongStatus(status: number | undefined, want: WantedStatus): Finding {
  const got = status === undefined ? 'no status' : String(status);
  return {
    message: `got status ${got}; ${want.because}`,
    expected: `status ${want.expected}`,
    kind: 'status',
    cause: `${want.subject} answered ${got} where the contract says ${want.expected}`,
  };
}

/**
 * The JSON object a 200 answer carries, for a check that reads it; or what the check finds
 * instead: a wrong status (the root of the rest), or a body with nothing to judge, never a pass.
 */
export function okJsonBody(
  exchange: Exchange,
  want: Omit<WantedStatus, 'expected'>,
  what: string,
): JsonObject | Finding[] {
  const response = exchange.response;
  if (response?.status !== 200) return [wrongStatus(response?.status, { ...want, expected: '200' })];
  if (!isRecord(response.json))
    return [
      { message: `the 200 body is not a JSON object, so there is no ${what} to check`, expected: `${what} as JSON` },
    ];
  return response.json;
}

/** The answer's status is the one a contract rule requires for this request. */
export function expectStatus(spec: StatusRule): Expectation {
  const allowed = Array.isArray(spec.statuses) ? (spec.statuses as readonly number[]) : undefined;
  const predicate = allowed
    ? (s: number) => allowed.includes(s)
    : (spec.statuses as { test: (s: number) => boolean }).test;
  const expected = allowed ? allowed.join(' or ') : (spec.statuses as { text: string }).text;
  const want = { expected, subject: spec.subject ?? subjectOf(allowed), because: spec.because };
  return {
    check: spec.check ?? 'status-matches-rule',
    family: spec.family ?? 'rules',
    rule: spec.rule,
    verify(exchange) {
      const status = exchange.response?.status;
      if (status !== undefined && predicate(status)) return [];
      return [wrongStatus(status, want)];
    },
  };
}

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
      const code = exchange.response?.status ?? '';
      const body = exchange.response?.json;
      const message = isRecord(body) && isRecord(body.error) ? body.error.message : undefined;
      if (typeof message === 'string' && says.test(message)) return [];
      return [
        {
          message:
            typeof message === 'string'
              ? `the ${code} message ${JSON.stringify(message)} does not say ${what}`
              : `the ${code} answer has no error.message to say ${what}`,
          expected: `a message saying ${what}`,
        },
      ];
    },
  };
}

/** Who gets these statuses, in words, when a rule does not say. */
function subjectOf(allowed: readonly number[] | undefined): string {
  if (allowed?.includes(400)) return 'invalid requests';
  if (allowed?.length === 1 && allowed[0] === 200) return 'valid requests';
  if (allowed?.length === 1 && allowed[0] === 401) return 'requests without valid credentials';
  if (allowed?.length === 1 && allowed[0] === 404) return 'requests for something that does not exist';
  return 'requests';
}
