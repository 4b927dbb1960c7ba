import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** An object whose discriminator names no known kind (a plugin `id`, say) gets 400 (Plugin, createResponse responses). */
export function expectUnknownKindRejected(description: string): Expectation {
  return expectStatus({
    check: 'unknown-kind-rejected',
    family: 'rules',
    rule: '#/components/schemas/Plugin',
    statuses: [400],
    because: `${description}: the discriminator selects the kind, and this one does not exist`,
  });
}
