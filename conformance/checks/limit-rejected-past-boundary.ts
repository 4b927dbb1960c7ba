import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** A value just past a documented limit is rejected as invalid parameters, 400 (#/components/responses/BadRequest). */
export function expectLimitRejected(description: string): Expectation {
  return expectStatus({
    check: 'limit-rejected-past-boundary',
    family: 'limits',
    rule: '#/components/responses/BadRequest',
    statuses: [400],
    because: `${description} breaks the limit and must be rejected as invalid request parameters`,
  });
}
