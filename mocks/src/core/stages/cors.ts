import type { MockRequest } from '../../exchange/mock-request';
import type { ReplySink } from '../../exchange/reply-sink';
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
  request: MockRequest,
  reply: ReplySink,
  allowedMethods: () => string[],
  headers: CorsHeaders,
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  reply.setHeader('Access-Control-Allow-Origin', String(origin));
  reply.setHeader('Vary', 'Origin');
  reply.setHeader('Access-Control-Expose-Headers', headers.exposed);
  const requestedMethod = request.headers['access-control-request-method'];
  if (request.method !== 'OPTIONS' || requestedMethod === undefined) return false;
  const methods = allowedMethods();
  const asked = request.headers['access-control-request-headers'];
  reply.send(
    204,
    [
      'Access-Control-Allow-Methods',
      [...new Set([...methods, 'OPTIONS'])].join(', '),
      'Access-Control-Allow-Headers',
      asked === undefined ? headers.allowed : String(asked),
      'Access-Control-Max-Age',
      '600',
    ],
    '',
  );
  return true;
}
