import { ConfigError } from './config-error';

/**
 * The extra headers as the user gives them (`--header`, CONFORMANCE_HEADERS, the target file's
 * `headers`), checked once at configuration: a bad one stops the run before any request
 * (http/extra-headers.ts sends them).
 */

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

/** A malformed line in an error message: a secret may sit in it, so only its start. */
function shownLine(line: string): string {
  return line.length > 12 ? `${line.slice(0, 12)}…` : line;
}
