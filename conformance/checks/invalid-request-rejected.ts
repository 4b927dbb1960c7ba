import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/**
 * A generated request that breaks the request schema is rejected as invalid request parameters,
 * 400 (#/components/responses/BadRequest), like every other invalid request: a 404 from a path
 * that does not exist or a 401 is no verdict on the request. Its envelope is checked by the
 * generic checks.
 */
export function expectInvalidRequestRejected(what: string): Expectation {
  return expectStatus({
    check: 'invalid-request-rejected',
    family: 'property',
    rule: '#/components/responses/BadRequest',
    statuses: [400],
    because: `the generated request is invalid (${what})`,
  });
}
