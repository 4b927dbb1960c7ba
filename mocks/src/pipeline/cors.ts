import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HeaderNames } from '../spec-facts/header-names';

/** The two header lists of a CORS answer, joined once at start-up. */
export interface CorsHeaders {
  /** Access-Control-Expose-Headers: what a browser app may read of an answer. */
  readonly exposed: string;
  /** Access-Control-Allow-Headers when the preflight names none. */
  readonly allowed: string;
}

/**
 * Exposed: every response header the spec documents (X-Generation-Id on /responses, the rate-limit
 * headers on 429...) and `Allow`, which the mock sends with a 405. Allowed: the credential header of
 * the security schemes, Content-Type, the mock's own `Prefer`, every header parameter of the spec,
 * and the attribution headers HTTP-Referer and X-Title, which the public gateway accepts though the
 * spec does not list them.
 */
export function corsHeaders(names: HeaderNames): CorsHeaders {
  return {
    exposed: [...names.documentedResponseHeaders, 'Allow'].join(', '),
    allowed: [
      ...names.credentialHeaders,
      'Content-Type',
      'Prefer',
      ...names.headerParameters,
      'HTTP-Referer',
      'X-Title',
    ].join(', '),
  };
}

/**
 * Lets a browser app on any origin call every operation, streaming included. Returns true when
 * the request was a preflight and has been answered.
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowedMethods: () => string[],
  headers: CorsHeaders,
): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', headers.exposed);
  const requestedMethod = req.headers['access-control-request-method'];
  if (req.method !== 'OPTIONS' || requestedMethod === undefined) return false;
  const methods = allowedMethods();
  res.writeHead(204, {
    'Access-Control-Allow-Methods': [...new Set([...methods, 'OPTIONS'])].join(', '),
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? headers.allowed,
    'Access-Control-Max-Age': '600',
    'Content-Length': '0',
  });
  res.end();
  return true;
}
