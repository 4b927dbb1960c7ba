import type { FaultCase } from './fault-case';
import { without } from './fault-case';
import type { ProxiedResponse } from './fault-proxy';
import { isRecord } from '../../../kit/json/guards';

/** An error answer in the envelope, as a gateway would send it. */
function envelope(status: number, message: string, headers: Record<string, string> = {}): ProxiedResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: { error: { code: status, message } },
  };
}

/**
 * Gateways that fail only what Schemathesis-style robustness checks look at: undocumented
 * methods, response headers, malformed input, valid optional members. Each is caught by its one
 * check and by no other (robustness-faults.test.ts asserts both).
 */
export const ROBUSTNESS_FAULTS: readonly FaultCase[] = [
  {
    name: 'answers an undocumented method 405 without an Allow header',
    only: ['methods/'],
    caughtBy: 'method-not-allowed',
    fault: {
      response: (res) =>
        res.status === 405 ? { ...res, headers: without(res.headers, 'allow') as Record<string, string> } : res,
    },
  },
  {
    name: 'lists only some of the documented methods in Allow',
    only: ['methods/listEmbeddingsModels/'],
    caughtBy: 'method-not-allowed',
    fault: {
      response: (res) => (res.status === 405 ? { ...res, headers: { ...res.headers, allow: 'HEAD' } } : res),
    },
  },
  {
    name: 'rate-limits odd session ids with an X-RateLimit-Limit that is not a number',
    only: ['malformed/createResponse/header-x-session-id-null-null'],
    caughtBy: 'response-headers-valid',
    fault: {
      answer: (req) =>
        req.path.startsWith('/responses') && req.headers['x-session-id'] === 'null,null'
          ? envelope(429, 'Rate limit exceeded', { 'x-ratelimit-limit': 'lots', 'retry-after': '0' })
          : undefined,
    },
  },
  {
    name: 'answers a NUL in a path parameter with 500',
    only: ['malformed/getModel/path-author-nul'],
    caughtBy: 'malformed-input-rejected',
    fault: {
      answer: (req) => (req.path.includes('%00') ? envelope(500, 'Internal error: invalid byte in path') : undefined),
    },
  },
  {
    name: 'refuses the optional member top_p with 400',
    only: ['members/createResponse/top_p'],
    caughtBy: 'valid-member-accepted',
    fault: {
      answer: (req) =>
        req.path.startsWith('/responses') && isRecord(req.body) && 'top_p' in req.body
          ? envelope(400, 'top_p is not supported')
          : undefined,
    },
  },
];
