import { SECRET_NAMES, secretNames } from '../../secrets/secret-names';

describe('secretNames', () => {
  it.each([
    ['Authorization', true],
    ['Proxy-Authorization', true],
    ['Cookie', true],
    ['Set-Cookie', true],
    ['X-Api-Key', true],
    ['api-key', true],
    ['X-Auth-Token', true],
    ['X-Client-Secret', true],
    ['X-Db-Password', true],
    ['x_api_key', true],
    ['X-Portkey-Provider', false],
    ['X-Title', false],
    ['X-Tokens-Used', false],
    ['HTTP-Referer', false],
  ])('takes the header %s for secret: %s', (name, secret) => {
    expect(SECRET_NAMES.header(name)).toBe(secret);
  });

  it('adds the names given with --redact, ignoring case, to headers and members', () => {
    const names = secretNames(['X-Tenant']);
    expect(names.header('x-tenant')).toBe(true);
    expect(names.member('X-TENANT')).toBe(true);
    expect(SECRET_NAMES.header('x-tenant')).toBe(false);
  });

  it('takes credential members for secret, not members whose words merely include key or token', () => {
    expect(SECRET_NAMES.member('api_key')).toBe(true);
    expect(SECRET_NAMES.member('client_secret')).toBe(true);
    expect(SECRET_NAMES.member('prompt_cache_key')).toBe(false);
    expect(SECRET_NAMES.member('key_hashes')).toBe(false);
  });
});
