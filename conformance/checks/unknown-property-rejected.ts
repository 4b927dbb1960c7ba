import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** A member an object does not list, where no other members are accepted, gets 400 (ProviderPreferences, createResponse responses). */
export function expectUnknownPropertyRejected(description: string): Expectation {
  return expectStatus({
    check: 'unknown-property-rejected',
    family: 'rules',
    rule: '#/components/schemas/ProviderPreferences',
    statuses: [400],
    because: `${description}: no properties other than the listed ones are accepted`,
  });
}
