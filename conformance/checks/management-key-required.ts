import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** An ordinary API key on the guardrail unassignment gets 403: only management keys may (contract §4.2, §5). */
export function expectManagementKeyRequired(): Expectation {
  return expectStatus({
    check: 'management-key-required',
    family: 'auth',
    rule: '§4.2/§5',
    statuses: [403],
    because: 'only management keys may unassign guardrail keys; an ordinary key must get 403',
  });
}
