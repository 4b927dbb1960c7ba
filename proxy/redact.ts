import { isRecord } from '../kit/json/guards';
import { headerSecrets, headerVariable } from '../kit/secrets/header-secrets';
import type { HeaderValues } from '../kit/secrets/header-secrets';
import { REDACTED } from '../kit/secrets/secret-names';
import type { SecretNames } from '../kit/secrets/secret-names';
import { scrubSecrets } from '../kit/secrets/scrub-secrets';
import type { Secret } from '../kit/secrets/scrub-secrets';

export { REDACTED };

/** Distinct secret values a proxy remembers: far more keys than any run's clients use, bounded all the same. */
const MAX_KNOWN = 1_000;

/**
 * The secrets a proxy has seen on the wire (kit/secrets decides which headers are secret, with the
 * names given with --redact): each value with the header it came in, so reports show it as the
 * variable a reproduction reads it from (`$X_API_KEY`, the bearer key as `$API_KEY`) and
 * recordings as REDACTED, wherever it appears: in any later exchange too.
 */
export class KnownSecrets {
  private readonly known = new Map<string, string>();
  /** Whether a header name is secret, by name: every exchange asks for the same few names. */
  private readonly secretHeader = new Map<string, boolean>();
  private variables: Secret[] | undefined;

  constructor(readonly names: SecretNames) {}

  /** Remembers the secrets of a request's (or an answer's) headers. */
  learn(headers: HeaderValues): void {
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined || !this.isSecretHeader(name)) continue;
      // A value seen whole before was taken apart then (its credential, its cookies).
      if (typeof value === 'string' && this.known.has(value.trim())) continue;
      for (const [secret, header] of headerSecrets({ [name]: value }, this.names, (shown) => shown)) {
        if (this.known.size >= MAX_KNOWN) return;
        if (!this.known.has(secret)) {
          this.known.set(secret, header);
          this.variables = undefined;
        }
      }
    }
  }

  /** Every secret seen so far, shown as the variable reports and reproductions name. */
  asVariables(): readonly Secret[] {
    this.variables ??= [...this.known].map(([value, name]) => [value, shownAs(name)] as const);
    return this.variables;
  }

  private isSecretHeader(name: string): boolean {
    let secret = this.secretHeader.get(name);
    if (secret === undefined) {
      secret = this.names.header(name);
      if (this.secretHeader.size < MAX_KNOWN) this.secretHeader.set(name, secret);
    }
    return secret;
  }

  /** Every secret seen so far, shown as REDACTED (recordings). */
  asRedacted(): Secret[] {
    return [...this.known.keys()].map((value) => [value, REDACTED] as const);
  }
}

/** The bearer key is the suite's `$API_KEY`; any other secret header is its own variable. */
export function shownAs(header: string): string {
  return header.toLowerCase() === 'authorization' ? '$API_KEY' : headerVariable(header);
}

/**
 * `value` with every member the rule names (`names.member`: credential members and the names given
 * with --redact) replaced by REDACTED, and every secret inside a string (member names included)
 * replaced by REDACTED.
 */
export function redact(value: unknown, names: SecretNames, secrets: readonly Secret[]): unknown {
  if (typeof value === 'string') return scrubSecrets(value, secrets, () => REDACTED);
  if (Array.isArray(value)) return value.map((item) => redact(item, names, secrets));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[scrubSecrets(key, secrets, () => REDACTED)] = names.member(key) ? REDACTED : redact(item, names, secrets);
    return out;
  }
  return value;
}
