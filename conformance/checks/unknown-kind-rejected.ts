import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** An object whose discriminator names no known kind (a plugin `id`, say) gets 400 (contract §2.3, §7.2). */
export function expectUnknownKindRejected(description: string): Expectation {
  return expectStatus({
    check: 'unknown-kind-rejected',
    family: 'rules',
    rule: '§2.3/§7.2',
    statuses: [400],
    because: `${description}: the discriminator selects the kind, and this one does not exist`,
  });
}
