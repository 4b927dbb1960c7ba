import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** A member an object does not list, where no other members are accepted, gets 400 (contract §2.4, §7.2). */
export function expectUnknownPropertyRejected(description: string): Expectation {
  return expectStatus({
    check: 'unknown-property-rejected',
    family: 'rules',
    rule: '§2.4/§7.2',
    statuses: [400],
    because: `${description}: no properties other than the listed ones are accepted`,
  });
}
