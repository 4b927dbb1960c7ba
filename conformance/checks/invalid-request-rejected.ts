import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/**
 * A generated request that breaks the request schema is rejected as invalid request parameters,
 * 400 (#/components/responses/BadRequest), like every other invalid request: a 404 from a path
 * that does not exist or a 401 is no verdict on the request. Its envelope is checked by the
 * generic checks.
 */
export function expectInvalidRequestRejected(what: string): Expectation {
  return invalidRequestRejected('property', [400], `the generated request is invalid (${what})`);
}

/**
 * Answers a gateway gives before it reads a request's parameters and body (the key refused, no
 * credits, the rate limit, a body too large to read): no verdict on the request.
 */
const BEFORE_VALIDATION: readonly number[] = [401, 402, 403, 413, 429];

/**
 * A request seen on the wire (the proxy's traffic) that breaks the spec is rejected as the suite's
 * invalid requests are, with 400, unless the gateway refused it before reading it.
 */
export function expectSeenInvalidRequestRejected(problem: string): Expectation {
  return invalidRequestRejected(
    'rules',
    { test: (status) => status === 400 || BEFORE_VALIDATION.includes(status), text: '400' },
    `the request breaks the spec (${problem})`,
  );
}

function invalidRequestRejected(
  family: 'property' | 'rules',
  statuses: Parameters<typeof expectStatus>[0]['statuses'],
  because: string,
): Expectation {
  return expectStatus({
    check: 'invalid-request-rejected',
    family,
    rule: '#/components/responses/BadRequest',
    statuses,
    because,
    subject: 'invalid requests',
  });
}
