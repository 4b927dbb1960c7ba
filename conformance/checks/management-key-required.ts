import type { Expectation } from '../engine/types';
import { expectStatusAndMessage } from './status-matches-rule';

/**
 * An ordinary API key on the guardrail unassignment gets 403, and the message says only management
 * keys may perform the operation (unassignGuardrailKeys, bearerAuth).
 */
export function expectManagementKeyRequired(): Expectation {
  return expectStatusAndMessage(
    {
      check: 'management-key-required',
      family: 'auth',
      rule: 'unassignGuardrailKeys 401 / 403',
      statuses: [403],
      because: 'only management keys may unassign guardrail keys; an ordinary key must get 403',
      subject: 'ordinary keys on a management-key operation',
    },
    /management/i,
    'only management keys may perform the operation',
  );
}
