import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** A value exactly at a documented limit is accepted (its keyword in ResponseRequest or the parameter's schema). */
export function expectLimitAccepted(description: string): Expectation {
  return expectStatus({
    check: 'limit-accepted-at-boundary',
    family: 'limits',
    rule: '#/components/schemas/ResponseRequest',
    statuses: [200],
    because: `${description} is within the limit and must be accepted`,
    subject: 'values at a documented limit',
  });
}
