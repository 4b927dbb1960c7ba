import type { CheckFamily, Expectation } from '../engine/types';

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
export function expectStatus(spec: StatusRule): Expectation {
  const allowed = Array.isArray(spec.statuses) ? (spec.statuses as readonly number[]) : undefined;
  const predicate = allowed ? (s: number) => allowed.includes(s) : (spec.statuses as { test: (s: number) => boolean }).test;
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
