import { headerSecrets, headerVariable } from '../../kit/secrets/header-secrets';
import { SECRET_NAMES } from '../../kit/secrets/secret-names';
import type { SecretNames } from '../../kit/secrets/secret-names';
import type { Secret } from '../../kit/secrets/scrub-secrets';

/**
 * Headers a gateway needs on every request beyond the contract's (routing, tenant, organisation):
 * `--header 'Name: value'`, CONFORMANCE_HEADERS (one per line) and the target file's `headers`.
 * The suite sends them on every request it makes, the reset call included; the value of a secret
 * one (kit/secrets: the rule, plus the names given with --redact) is shown in every output as a
 * variable (`$X_API_KEY`), as the keys are; every other value is shown as it is.
 */
export type ExtraHeaders = Readonly<Record<string, string>>;

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
