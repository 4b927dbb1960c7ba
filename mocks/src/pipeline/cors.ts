import type { IncomingMessage, ServerResponse } from 'node:http';

/** Response headers a browser app may read (X-Generation-Id on /responses, rate-limit headers on 429). */
const EXPOSED = 'X-Generation-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Allow';
const DEFAULT_ALLOWED_HEADERS =
  'Authorization, Content-Type, Prefer, X-Service-Metadata, X-Service-Experimental-Metadata, x-session-id, HTTP-Referer, X-Title';

/**
 * Lets a browser app on any origin call every operation, streaming included. Returns true when
 * the request was a preflight and has been answered.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, allowedMethods: () => string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  const requestedMethod = req.headers['access-control-request-method'];
  if (req.method !== 'OPTIONS' || requestedMethod === undefined) return false;
  const methods = allowedMethods();
  res.writeHead(204, {
    'Access-Control-Allow-Methods': [...new Set([...methods, 'OPTIONS'])].join(', '),
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? DEFAULT_ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
    'Content-Length': '0',
  });
  res.end();
  return true;
}
