import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** Whatever the client sends, the gateway does not fail with a 5xx (property phase, createResponse responses 500). */
export function expectNoServerError(): Expectation {
  return expectStatus({
    check: 'no-server-error',
    family: 'property',
    rule: '#/components/responses/InternalServerError',
    statuses: { test: (s) => s < 500, text: 'below 500' },
    because: 'a client request, valid or not, must not make the gateway fail',
    subject: 'client requests',
  });
}
