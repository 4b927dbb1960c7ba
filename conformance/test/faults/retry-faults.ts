import type { FaultCase } from './fault-case';
import type { ProxiedRequest, ProxiedResponse } from './fault-proxy';

/**
 * A gateway that answers each POST /responses 429 the first time its body comes, then serves it:
 * the suite waits and asks again, so the 429 is an answer it retries past, and still judges.
 */
function rateLimitedOnce(answer: ProxiedResponse): FaultCase['fault'] {
  const seen = new Set<string>();
  return {
    answer(req: ProxiedRequest) {
      if (req.method !== 'POST' || req.path !== '/responses') return undefined;
      const key = JSON.stringify(req.body);
      if (seen.has(key)) return undefined;
      seen.add(key);
      return answer;
    },
  };
}

const ENVELOPE = { error: { code: 429, message: 'Rate limit exceeded' } };

/** Faults in the 429 answers the suite waits out and asks again (TooManyRequests). */
export const RETRY_FAULTS: readonly FaultCase[] = [
  {
    name: 'answers a 429 whose Retry-After is not a whole number of seconds, then serves the retry',
    only: ['rules/createResponse/plain'],
    caughtBy: 'response-headers-valid',
    said: /retry-after/i,
    fault: rateLimitedOnce({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '0.1' },
      body: ENVELOPE,
    }),
  },
  {
    name: 'answers a 429 without the error envelope, then serves the retry',
    only: ['rules/createResponse/plain'],
    caughtBy: 'response-schema-valid',
    fault: rateLimitedOnce({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '0' },
      body: { message: 'slow down' },
    }),
  },
  {
    name: 'answers a 429 whose error.code says 503, then serves the retry',
    only: ['stream/createResponse/text'],
    caughtBy: 'error-code-matches-status',
    fault: rateLimitedOnce({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '0' },
      body: { error: { code: 503, message: 'Rate limit exceeded' } },
    }),
  },
];
