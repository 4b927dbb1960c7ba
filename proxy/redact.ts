import { isRecord } from '../kit/json/guards';

/** What a redacted value becomes. */
export const REDACTED = '[redacted]';

/**
 * Header and member names redacted from a recording by default (`--redact NAME` adds to them):
 * credentials in their usual places. Matched ignoring letter case.
 */
export const DEFAULT_REDACTED_NAMES: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'api_key',
  'apikey',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'secret',
  'password',
];

/** Shortest header value treated as a secret to scrub from texts: shorter ones would blot out common words. */
const MIN_SECRET_LENGTH = 8;

/**
 * The secrets a request carries: the bearer key and the values of its headers whose names are on
 * the redaction list, each as the client sent it. They are scrubbed wherever a recording quotes
 * them (a gateway that echoes the request, a prompt that holds a key).
 */
export function requestSecrets(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  names: ReadonlySet<string>,
): string[] {
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !names.has(name.toLowerCase())) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      const bearer = /^\s*bearer\s+(\S+)/i.exec(one)?.[1];
      for (const secret of [one.trim(), bearer])
        if (secret !== undefined && secret.length >= MIN_SECRET_LENGTH) secrets.push(secret);
    }
  }
  return secrets;
}

/**
 * `value` with every member whose name is in `names` (lower-case) replaced by REDACTED, and every
 * occurrence of a secret in a string (member names included) replaced by REDACTED.
 */
export function redact(value: unknown, names: ReadonlySet<string>, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return scrub(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redact(item, names, secrets));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[scrub(key, secrets)] = names.has(key.toLowerCase()) ? REDACTED : redact(item, names, secrets);
    return out;
  }
  return value;
}

function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}
