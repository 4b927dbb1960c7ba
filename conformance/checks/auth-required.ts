import type { Expectation } from '../engine/types';
import { expectStatus, expectStatusAndMessage } from './status-matches-rule';

/** A message that says the authentication header is missing (bearerAuth), however it is worded. */
const SAYS_HEADER_MISSING =
  /(missing|no|without|required|absent|provide|supply)\w*\b.*(auth|header|credential|key|token)|(auth|header|credential|key|token).*(missing|required|absent|not (provided|found|present|supplied))/i;

/**
 * Without credentials, or with a key the gateway never issued, the answer is 401 (bearerAuth,
 * createResponse responses); without credentials the message says the authentication header is missing.
 */
export function expectAuthRequired(how: 'missing' | 'invalid'): Expectation {
  const rule = {
    check: 'auth-required',
    family: 'auth',
    rule: '#/components/securitySchemes/bearerAuth',
    statuses: [401],
    because:
      how === 'missing' ? 'a request without credentials must get 401' : 'a request with an invalid key must get 401',
    subject: how === 'missing' ? 'requests without credentials' : 'requests with a key the gateway never issued',
  } as const;
  return how === 'invalid'
    ? expectStatus(rule)
    : expectStatusAndMessage(rule, SAYS_HEADER_MISSING, 'the authentication header is missing');
}
