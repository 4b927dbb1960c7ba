import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** A value exactly at a documented limit is accepted (contract §8). */
export function expectLimitAccepted(description: string): Expectation {
  return expectStatus({
    check: 'limit-accepted-at-boundary',
    family: 'limits',
    rule: '§8',
    statuses: [200],
    because: `${description} is within the limit and must be accepted`,
  });
}
