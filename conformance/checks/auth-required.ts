import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** Without credentials, or with a key the gateway never issued, the answer is 401 (contract §5, §7.2). */
export function expectAuthRequired(how: 'missing' | 'invalid'): Expectation {
  return expectStatus({
    check: 'auth-required',
    family: 'auth',
    rule: '§5',
    statuses: [401],
    because: how === 'missing' ? 'a request without credentials must get 401' : 'a request with an invalid key must get 401',
  });
}
