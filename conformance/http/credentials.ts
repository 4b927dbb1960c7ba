import type { Credential } from '../engine/types';

/** The keys of a run. Reports never show them: see `redactedAuthorization`. */
export interface Keys {
  readonly apiKey?: string;
  readonly managementKey?: string;
  readonly guardedApiKey?: string;
  /** Other secrets (extra headers whose name looks secret): each value and the variable shown instead. */
  readonly secrets?: ReadonlyArray<readonly [string, string]>;
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

/**
 * Replaces any configured key inside a string (a header a gateway echoed, say) by its variable: as
 * sent, percent-encoded, or base64-encoded (standard or URL-safe, padded or not), as gateways echo
 * it in messages, URLs and debug headers.
 */
export function redactText(text: string, keys: Keys): string {
  let out = text;
  const secrets: Array<readonly [string | undefined, string]> = [
    ...(Object.keys(CREDENTIAL_ENV) as Array<keyof typeof CREDENTIAL_ENV>).map(
      (credential) => [keys[credential], `$${CREDENTIAL_ENV[credential]}`] as const,
    ),
    ...(keys.secrets ?? []),
  ];
  for (const [key, variable] of secrets) {
    if (key === undefined || key.length < 4) continue;
    for (const [form, shown] of encodedForms(key, variable)) out = out.split(form).join(shown);
  }
  return out;
}

/** The ways a key shows up in text, longest first, each with what a report shows instead. */
function encodedForms(key: string, variable: string): Array<[string, string]> {
  const base64 = Buffer.from(key, 'utf8').toString('base64');
  const base64url = Buffer.from(key, 'utf8').toString('base64url');
  const forms: Array<[string, string]> = [
    [base64, `base64(${variable})`],
    [base64.replace(/=+$/, ''), `base64(${variable})`],
    [base64url, `base64(${variable})`],
    [encodeURIComponent(key), variable],
    [key, variable],
  ];
  return forms.filter(([form], i) => forms.findIndex(([other]) => other === form) === i);
}
