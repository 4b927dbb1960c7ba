import type { RequestHeaders } from '../../exchange/mock-request';
import type { ApiKeyRecord, MockStore } from '../state/store';
import { GatewayError } from '../../exchange/gateway-error';

/**
 * A bearer key on every operation (securitySchemes bearerAuth); a management key where the
 * operation's security asks for one (`managementOnly`, see kit/contract/key-schemes.ts).
 */
export function authenticate(
  headers: RequestHeaders,
  managementOnly: boolean,
  store: MockStore,
  connection?: object,
): ApiKeyRecord {
  const header = headers.authorization;
  const known = connection && typeof header === 'string' ? store.acceptedBefore(connection, header) : undefined;
  if (known) return allowed(known, managementOnly);
  if (typeof header !== 'string' || header.trim() === '') {
    throw new GatewayError(401, 'Missing Authentication header');
  }
  const token = bearerToken(header);
  if (token === undefined) {
    throw new GatewayError(401, 'Invalid Authentication header: expected "Authorization: Bearer <API_KEY>"');
  }
  const key = store.authenticate(token, connection, header);
  if (!key) {
    throw new GatewayError(401, 'Invalid credentials: the API key is not recognised');
  }
  return allowed(key, managementOnly);
}

function allowed(key: ApiKeyRecord, managementOnly: boolean): ApiKeyRecord {
  if (managementOnly && !key.management) {
    throw new GatewayError(403, 'Only management keys can perform this operation');
  }
  return key;
}

const WHITESPACE = /\s/;

/**
 * The token of `Bearer <token>` (scheme case-insensitive, one token, spaces around it allowed),
 * or undefined. Read with no capturing regular expression: it runs on every request.
 */
export function bearerToken(header: string): string | undefined {
  if (header.length < 8 || header.slice(0, 6).toLowerCase() !== 'bearer' || !WHITESPACE.test(header.charAt(6)))
    return undefined;
  const token = header.slice(7).trim();
  return token === '' || WHITESPACE.test(token) ? undefined : token;
}
