import type { SecretNames } from './secret-names';
import type { Secret } from './scrub-secrets';

/** Header values as node and the fetch API hand them over. */
export type HeaderValues = Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * The secrets a set of headers carries, each with what outputs show instead (`shown(name)`): the
 * whole value of every secret header, the credential after an auth scheme (`Bearer KEY`), and each
 * cookie's value, since a gateway may echo any of them on its own.
 */
export function headerSecrets(headers: HeaderValues, names: SecretNames, shown: (name: string) => string): Secret[] {
  const secrets: Secret[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !names.header(name)) continue;
    for (const one of typeof value === 'string' ? [value] : value)
      for (const part of parts(one, name.toLowerCase() === 'set-cookie')) secrets.push([part, shown(name)]);
  }
  return secrets;
}

/** A Set-Cookie holds one cookie, then its attributes (`Path=/`, `Max-Age=…`), which are no secret. */
function parts(value: string, setCookie: boolean): string[] {
  const whole = value.trim();
  const credential = /^[A-Za-z-]+\s+(\S+)$/.exec(whole)?.[1];
  const pairs = whole.split(';');
  const cookies = (setCookie ? pairs.slice(0, 1) : pairs).flatMap((pair) => {
    const eq = pair.indexOf('=');
    return eq > 0 ? [pair.slice(eq + 1).trim()] : [];
  });
  // A cookie's value may be short and ordinary (`en`, `true`): only one long enough to be a credential is hunted in texts.
  return [whole, ...(credential === undefined ? [] : [credential]), ...cookies.filter((c) => c.length >= 8)];
}

/** The variable a reproduction reads a secret header's value from: `X-Api-Key` → `$X_API_KEY`. */
export function headerVariable(name: string): string {
  return `$${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}
