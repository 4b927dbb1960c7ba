import type { Expectation } from '../engine/types';
import { expectStatusAndMessage } from './status-matches-rule';

/**
 * An ordinary API key on the guardrail unassignment gets 403, and the message says only management
 * keys may perform the operation (contract §4.2, §5).
 */
export function expectManagementKeyRequired(): Expectation {
  return expectStatusAndMessage(
    {
      check: 'management-key-required',
      family: 'auth',
      rule: '§4.2/§5',
      statuses: [403],
      because: 'only management keys may unassign guardrail keys; an ordinary key must get 403',
    },
    /management/i,
    'only management keys may perform the operation',
  );
}
