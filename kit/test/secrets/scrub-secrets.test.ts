import { headerSecrets, headerVariable } from '../../secrets/header-secrets';
import { SECRET_NAMES } from '../../secrets/secret-names';
import { scrubDeep, scrubSecrets } from '../../secrets/scrub-secrets';

const key = 'sk-or-v1-abc/def+ghi?';
const b64 = (text: string, url = false) => Buffer.from(text).toString(url ? 'base64url' : 'base64');

describe('scrubSecrets', () => {
  it.each([
    ['as sent', key, '$API_KEY'],
    ['percent-encoded', encodeURIComponent(key), '$API_KEY'],
    ['base64', b64(key), 'base64($API_KEY)'],
    ['base64 without padding', b64('sk-mgmt-123456').replace(/=+$/, ''), 'base64($API_KEY)'],
    ['base64url', b64(key, true), 'base64($API_KEY)'],
  ])('shows a secret echoed %s as what stands for it', (_how, echoed, shown) => {
    const secrets = [[key, '$API_KEY'] as const, ['sk-mgmt-123456', '$API_KEY'] as const];
    expect(scrubSecrets(`invalid key ${echoed} (see logs)`, secrets)).toBe(`invalid key ${shown} (see logs)`);
  });

  it('replaces a longer secret whole before a shorter one inside it', () => {
    const secrets = [['abcd1234', '$A'] as const, ['Bearer abcd1234', '$B'] as const];
    expect(scrubSecrets('got Bearer abcd1234', secrets)).toBe('got $B');
  });

  it('leaves text without secrets, and secrets too short to hunt, as they are', () => {
    expect(scrubSecrets('model openai/gpt-4o', [['abc', '$X'] as const])).toBe('model openai/gpt-4o');
  });

  it('scrubs every string of a value, member names included', () => {
    expect(scrubDeep({ a: ['key=s3cret-value'], 's3cret-value': 1, n: 2 }, [['s3cret-value', '$K'] as const])).toEqual({
      a: ['key=$K'],
      $K: 1,
      n: 2,
    });
  });
});

describe('headerSecrets', () => {
  it("takes a Set-Cookie's cookie, not its attributes", () => {
    const secrets = headerSecrets(
      { 'set-cookie': 'gw=set-cookie-value-1; Max-Age=31536000; Path=/' },
      SECRET_NAMES,
      () => '[redacted]',
    ).map(([value]) => value);
    expect(secrets).toContain('set-cookie-value-1');
    expect(secrets).not.toContain('31536000');
  });

  it('takes secret headers whole, the credential after a scheme and long cookie values, and no other header', () => {
    const secrets = headerSecrets(
      {
        authorization: 'Bearer sk-abcdef123',
        cookie: 'session=cookie-value-123; lang=en',
        'x-portkey-provider': 'openai',
        'x-title': undefined,
      },
      SECRET_NAMES,
      headerVariable,
    );
    expect(secrets).toEqual([
      ['Bearer sk-abcdef123', '$AUTHORIZATION'],
      ['sk-abcdef123', '$AUTHORIZATION'],
      ['session=cookie-value-123; lang=en', '$COOKIE'],
      ['cookie-value-123', '$COOKIE'],
    ]);
  });
});
