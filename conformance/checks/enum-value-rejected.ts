import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/**
 * A string outside a documented enum (service_tier, include, modalities, data_collection, a plugin's
 * preset, the X-Service-Metadata header…) is rejected as invalid parameters, 400
 * (#/components/responses/BadRequest), not coerced to a default or ignored.
 */
export function expectEnumValueRejected(description: string): Expectation {
  return expectStatus({
    check: 'enum-value-rejected',
    family: 'limits',
    rule: '#/components/responses/BadRequest',
    statuses: [400],
    because: `${description} is not one of the enum's values and must be rejected as invalid request parameters`,
  });
}
