import { headerSecrets, headerVariable } from '../../kit/secrets/header-secrets';
import { SECRET_NAMES } from '../../kit/secrets/secret-names';
import type { SecretNames } from '../../kit/secrets/secret-names';
import type { Secret } from '../../kit/secrets/scrub-secrets';
import { ConfigError } from '../config/config-error';

/**
 * Headers a gateway needs on every request beyond the contract's (routing, tenant, organisation):
 * `--header 'Name: value'`, CONFORMANCE_HEADERS (one per line) and the target file's `headers`.
 * The suite sends them on every request it makes, the reset call included; the value of a secret
 * one (kit/secrets: the rule, plus the names given with --redact) is shown in every output as a
 * variable (`$X_API_KEY`), as the keys are; every other value is shown as it is.
 */
export type ExtraHeaders = Readonly<Record<string, string>>;

/** RFC 9110 field-name: a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Headers the suite sets itself: a second value would break the scenarios that vary them. */
const OWN: Readonly<Record<string, string>> = {
  authorization: 'the keys are given with --api-key, --management-key and --guarded-api-key (or their variables)',
  'content-type': 'the suite sets it on each request with a body',
  'content-length': 'the HTTP client sets it',
  host: 'the base URL sets it',
  'transfer-encoding': 'the HTTP client sets it',
  connection: 'the HTTP client manages connections',
};

/** `Name: value` lines into headers; `source` names where they came from in the one-line error. */
export function parseHeaderLines(lines: readonly string[], source: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new ConfigError(`${source}: "${shownLine(line)}" is not a header; write it as 'Name: value'`);
    Object.assign(headers, checkedHeader(line.slice(0, colon).trim(), line.slice(colon + 1).trim(), source));
  }
  return headers;
}

/** One header, checked: a token for a name, no line break in the value, none the suite sets itself. */
export function checkedHeader(name: string, value: string, source: string): Record<string, string> {
  if (!TOKEN.test(name)) throw new ConfigError(`${source}: "${name}" is not a valid header name`);
  if (/[\r\n\0]/.test(value)) throw new ConfigError(`${source}: the value of ${name} has a line break`);
  const own = OWN[name.toLowerCase()];
  if (own !== undefined) throw new ConfigError(`${source}: ${name} cannot be given as an extra header: ${own}`);
  return { [name]: value };
}

/** Later sources override earlier ones by name, whatever its case. */
export function mergeHeaders(...sources: ExtraHeaders[]): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const source of sources) {
    for (const [name, value] of Object.entries(source)) {
      for (const known of Object.keys(merged)) if (known.toLowerCase() === name.toLowerCase()) delete merged[known];
      merged[name] = value;
    }
  }
  return merged;
}

export { headerVariable };

/** The headers as reports show them: secret values replaced by their variable. */
export function shownHeaders(headers: ExtraHeaders, secret: SecretNames = SECRET_NAMES): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, secret.header(name) ? headerVariable(name) : value]),
  );
}

/** Secret values and the variable each is shown as, for redactText. */
export function secretHeaderValues(headers: ExtraHeaders, secret: SecretNames = SECRET_NAMES): Secret[] {
  return headerSecrets(headers, secret, headerVariable);
}

/** A malformed line in an error message: a secret may sit in it, so only its start. */
function shownLine(line: string): string {
  return line.length > 12 ? `${line.slice(0, 12)}…` : line;
}
