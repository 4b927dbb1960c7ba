/** Header names whose values are secrets: API keys, cookies, tokens. */
const SECRET = /authorization|api[-_]?key|cookie|token|secret|password/i;

export const REDACTED = '[redacted]';

/**
 * A request's headers as the journal shows them: every header a client sent, the secret ones with
 * their value replaced, so a journal can be printed or attached to a bug report as it is.
 */
export function redactHeaders(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value === undefined) continue;
    shown[name] = SECRET.test(name) ? REDACTED : typeof value === 'string' ? value : value.join(', ');
  }
  return shown;
}
