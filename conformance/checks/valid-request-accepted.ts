import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** A generated request that the spec's schema accepts is accepted by the gateway (property phase). */
export function expectValidRequestAccepted(): Expectation {
  return expectStatus({
    check: 'valid-request-accepted',
    family: 'property',
    rule: '#/components/schemas/ResponseRequest',
    statuses: [200],
    because: 'the generated request is valid against the request schema',
    subject: 'generated valid requests',
  });
}
