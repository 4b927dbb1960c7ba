import { isRecord } from '../engine/response-helpers';
import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/** A message that says the authentication header is missing (contract §5), however it is worded. */
const SAYS_HEADER_MISSING = /(missing|no|without|required|absent|provide|supply)\w*\b.*(auth|header|credential|key|token)|(auth|header|credential|key|token).*(missing|required|absent|not (provided|found|present|supplied))/i;

/**
 * Without credentials, or with a key the gateway never issued, the answer is 401 (contract §5,
 * §7.2); without credentials the message says the authentication header is missing.
 */
export function expectAuthRequired(how: 'missing' | 'invalid'): Expectation {
  const status = expectStatus({
    check: 'auth-required',
    family: 'auth',
    rule: '§5',
    statuses: [401],
    because: how === 'missing' ? 'a request without credentials must get 401' : 'a request with an invalid key must get 401',
  });
  if (how === 'invalid') return status;
  return {
    ...status,
    verify(exchange, ctx) {
      const findings = status.verify(exchange, ctx);
      if (findings.length > 0) return findings;
      const body = exchange.response?.json;
      const message = isRecord(body) && isRecord(body.error) ? body.error.message : undefined;
      if (typeof message === 'string' && SAYS_HEADER_MISSING.test(message)) return [];
      return [{ message: `the 401 message ${JSON.stringify(message)} does not say the authentication header is missing`, expected: 'a message saying the authentication header is missing' }];
    },
  };
}
