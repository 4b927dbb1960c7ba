/** What a secret becomes where no variable stands for it (the mock's journal, a recording). */
export const REDACTED = '[redacted]';

/** Header names that carry credentials whatever their words say. */
const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
]);

/**
 * Words that make a name secret when one of its dash- or underscore-separated words is one of them:
 * `X-Auth-Token` and `client_secret` are secret, `X-Portkey-Provider` is not (`portkey` is one word).
 */
const SECRET_WORDS: ReadonlySet<string> = new Set(['key', 'token', 'secret', 'password', 'auth']);

/** JSON member names that carry credentials in their usual places (a recording's bodies). */
const CREDENTIAL_MEMBERS: ReadonlySet<string> = new Set([
  'api_key',
  'apikey',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'secret',
  'password',
]);

/**
 * The one rule of what is secret, for the mock's journal, the suite's reports and the proxy's
 * reports and recordings: credential header names, names one of whose words is secret, and the
 * names the user added (`--redact NAME`), all ignoring letter case.
 */
export interface SecretNames {
  /** A header whose value never shows. */
  header(name: string): boolean;
  /** A JSON member whose value a recording does not keep: the usual credential members and the added names. */
  member(name: string): boolean;
}

export function secretNames(added: readonly string[] = []): SecretNames {
  const extra = new Set(added.map((name) => name.toLowerCase()));
  return {
    header: (name) => {
      const lower = name.toLowerCase();
      return CREDENTIAL_HEADERS.has(lower) || extra.has(lower) || lower.split(/[-_]/).some((w) => SECRET_WORDS.has(w));
    },
    member: (name) => {
      const lower = name.toLowerCase();
      return CREDENTIAL_MEMBERS.has(lower) || extra.has(lower);
    },
  };
}

/** The rule with no name added: what the mock's journal and a run without `--redact` use. */
export const SECRET_NAMES: SecretNames = secretNames();
