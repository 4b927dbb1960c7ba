import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** A generated request that breaks the request schema gets a 4xx (its envelope is checked by the generic checks). */
export function expectInvalidRequestRejected(what: string): Expectation {
  return expectStatus({
    check: 'invalid-request-rejected',
    family: 'property',
    rule: '#/components/responses/BadRequest',
    statuses: { test: (s) => s >= 400 && s < 500, text: '4xx' },
    because: `the generated request is invalid (${what})`,
  });
}
