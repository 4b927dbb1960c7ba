import { headerSecrets } from '../../../../kit/secrets/header-secrets';
import type { HeaderValues } from '../../../../kit/secrets/header-secrets';
import { REDACTED, SECRET_NAMES } from '../../../../kit/secrets/secret-names';
import type { Secret } from '../../../../kit/secrets/scrub-secrets';

export { REDACTED };

/**
 * A request's headers as the journal shows them: every header a client sent, the secret ones
 * (kit/secrets: the one rule the suite and the proxy follow too) with their value replaced, so a
 * journal can be printed or attached to a bug report as it is.
 */
export function redactHeaders(headers: HeaderValues): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value === undefined) continue;
    shown[name] = SECRET_NAMES.header(name) ? REDACTED : typeof value === 'string' ? value : value.join(', ');
  }
  return shown;
}

/** The secret values the headers carry, each shown as REDACTED wherever else the journal quotes it (a body, a path). */
export function journalSecrets(headers: HeaderValues): Secret[] {
  return headerSecrets(headers, SECRET_NAMES, () => REDACTED);
}
