import { scrubCredentialParams } from './query-secrets';

/** A secret value and what outputs show instead: a variable (`$API_KEY`) or REDACTED. */
export type Secret = readonly [value: string, shown: string];

/** Shorter values are left alone: replacing them would blot out ordinary words, and they guard nothing. */
const MIN_SECRET_LENGTH = 4;

/**
 * `text` with every secret replaced by what is shown for it: as sent, percent-encoded and
 * base64-encoded (standard or URL-safe, padded or not), as gateways echo keys in messages, URLs
 * and debug headers. Longer secrets go first, so one that holds another is replaced whole. Then
 * the value of every query parameter that conventionally carries a credential (query-secrets.ts),
 * known or not, is replaced by `param(name)`: its variable unless the caller shows REDACTED.
 */
export function scrubSecrets(text: string, secrets: readonly Secret[], param?: (name: string) => string): string {
  let out = text;
  for (const [value, shown] of [...secrets].sort((a, b) => b[0].length - a[0].length)) {
    if (value.length < MIN_SECRET_LENGTH) continue;
    for (const [form, instead] of encodedForms(value, shown))
      if (out.includes(form)) out = out.split(form).join(instead);
  }
  return scrubCredentialParams(out, param);
}

/**
 * Every string inside `value` (member names included) scrubbed; the same shape otherwise. Walked
 * even with no secret known: a URL inside may carry a credential query parameter.
 */
export function scrubDeep<T>(value: T, secrets: readonly Secret[], param?: (name: string) => string): T {
  return walk(value, secrets, param) as T;
}

function walk(value: unknown, secrets: readonly Secret[], param?: (name: string) => string): unknown {
  if (typeof value === 'string') return scrubSecrets(value, secrets, param);
  if (Array.isArray(value)) return value.map((item) => walk(item, secrets, param));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[scrubSecrets(key, secrets, param)] = walk(item, secrets, param);
    return out;
  }
  return value;
}

/** The ways a value shows up in text, each with what is shown instead. Platform APIs only: the mock's core runs in browsers. */
function encodedForms(value: string, shown: string): Array<readonly [string, string]> {
  const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(value)));
  const base64url = base64.replace(/\+/g, '-').replace(/\//g, '_');
  const encoded = shown.startsWith('$') ? `base64(${shown})` : shown;
  const forms: Array<readonly [string, string]> = [
    [base64, encoded],
    [base64.replace(/=+$/, ''), encoded],
    [base64url.replace(/=+$/, ''), encoded],
    [encodeURIComponent(value), shown],
    [value, shown],
  ];
  return forms.filter(
    ([form], i) => form.length >= MIN_SECRET_LENGTH && forms.findIndex(([other]) => other === form) === i,
  );
}
