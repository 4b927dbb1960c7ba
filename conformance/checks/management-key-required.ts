import { isRecord } from '../engine/response-helpers';
import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/**
 * An ordinary API key on the guardrail unassignment gets 403, and the message says only management
 * keys may perform the operation (contract §4.2, §5).
 */
export function expectManagementKeyRequired(): Expectation {
  const status = expectStatus({
    check: 'management-key-required',
    family: 'auth',
    rule: '§4.2/§5',
    statuses: [403],
    because: 'only management keys may unassign guardrail keys; an ordinary key must get 403',
  });
  return {
    ...status,
    verify(exchange, ctx) {
      const findings = status.verify(exchange, ctx);
      if (findings.length > 0) return findings;
      const body = exchange.response?.json;
      const message = isRecord(body) && isRecord(body.error) ? body.error.message : undefined;
      if (typeof message === 'string' && /management/i.test(message)) return [];
      return [{ message: `the 403 message ${JSON.stringify(message)} does not say that only management keys may do this`, expected: 'a message saying only management keys may perform the operation' }];
    },
  };
}
