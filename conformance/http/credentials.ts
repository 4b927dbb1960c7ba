import { scrubSecrets } from '../../kit/secrets/scrub-secrets';
import type { Secret } from '../../kit/secrets/scrub-secrets';
import type { Credential } from './wire-types';

/** The keys of a run. Reports never show them: see `redactedAuthorization`. */
export interface Keys {
  readonly apiKey?: string;
  readonly managementKey?: string;
  readonly guardedApiKey?: string;
  /** Other secrets (the values of secret headers, kit/secrets): each value and the variable shown instead. */
  readonly secrets?: readonly Secret[];
}

/** A key no gateway issues; used for the "bad key gets 401" scenarios (bearerAuth). */
export const INVALID_KEY = 'sk-conformance-invalid-0000000000000000';

/** Environment variable a reproduction command reads each credential from. */
export const CREDENTIAL_ENV: Readonly<Record<Exclude<Credential, 'none' | 'invalid'>, string>> = {
  apiKey: 'API_KEY',
  managementKey: 'MANAGEMENT_KEY',
  guardedApiKey: 'GUARDED_API_KEY',
};

/** The Authorization header value actually sent, or undefined for `none`. */
export function authorization(credential: Credential, keys: Keys): string | undefined {
  switch (credential) {
    case 'none':
      return undefined;
    case 'invalid':
      return `Bearer ${INVALID_KEY}`;
    default: {
      const key = keys[credential];
      if (key === undefined) throw new Error(`no ${credential} configured for this request`);
      return `Bearer ${key}`;
    }
  }
}

/** The same header as a report shows it: the key replaced by `$API_KEY` and the like. */
export function redactedAuthorization(credential: Credential): string | undefined {
  switch (credential) {
    case 'none':
      return undefined;
    case 'invalid':
      return `Bearer ${INVALID_KEY}`;
    default:
      return `Bearer $${CREDENTIAL_ENV[credential]}`;
  }
}

/** The run's secrets, each with the variable outputs show instead. */
export function runSecrets(keys: Keys): Secret[] {
  const secrets: Secret[] = [];
  for (const credential of Object.keys(CREDENTIAL_ENV) as Array<keyof typeof CREDENTIAL_ENV>) {
    const key = keys[credential];
    if (key !== undefined) secrets.push([key, `$${CREDENTIAL_ENV[credential]}`]);
  }
  return [...secrets, ...(keys.secrets ?? [])];
}

/**
 * Replaces any key of the run inside a string (a header a gateway echoed, say) by its variable: as
 * sent, percent-encoded, or base64-encoded, as gateways echo it in messages, URLs and debug headers
 * (kit/secrets/scrub-secrets.ts).
 */
export function redactText(text: string, keys: Keys): string {
  return scrubSecrets(text, runSecrets(keys));
}
