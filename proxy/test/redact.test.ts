import { secretNames } from '../../kit/secrets/secret-names';
import { KnownSecrets, REDACTED, redact } from '../redact';

const names = secretNames(['x-team-token', 'X-Tenant']);

describe('KnownSecrets', () => {
  it('remembers the bearer key and the values of secret headers, not short values or other headers', () => {
    const known = new KnownSecrets(names);
    known.learn({
      authorization: 'Bearer sk-live-0123456789',
      'x-team-token': ['tok-abcdefgh'],
      'x-tenant': 'tenant-acme-42',
      'x-portkey-provider': 'openai-main',
      'x-title': 'My App Title',
    });
    const text = 'sk-live-0123456789 tok-abcdefgh tenant-acme-42 openai-main My App Title';
    expect(redact(text, names, known.asRedacted())).toBe(
      `${REDACTED} ${REDACTED} ${REDACTED} openai-main My App Title`,
    );
    expect(redact(text, names, known.asVariables())).toBe('$API_KEY $X_TEAM_TOKEN $X_TENANT openai-main My App Title');
  });

  it('keeps what an earlier exchange carried for the later ones', () => {
    const known = new KnownSecrets(names);
    known.learn({ cookie: 'session=s3cr3t-session-value; lang=en' });
    known.learn({ 'x-title': 'another request' });
    expect(redact('echo: s3cr3t-session-value', names, known.asRedacted())).toBe(`echo: ${REDACTED}`);
  });
});

describe('redact', () => {
  const secrets = [['sk-live-0123456789', REDACTED] as const];
  it.each([
    ['a credential member, ignoring case', { API_KEY: 'k', note: 'kept' }, { API_KEY: REDACTED, note: 'kept' }],
    [
      'a member named by --redact, however deep',
      { a: [{ 'x-team-token': { v: 1 } }] },
      { a: [{ 'x-team-token': REDACTED }] },
    ],
    ['a secret inside a text', { text: 'my key is sk-live-0123456789, ok' }, { text: `my key is ${REDACTED}, ok` }],
    ['a secret as a member name', { 'sk-live-0123456789': 1 }, { [REDACTED]: 1 }],
    ['numbers, booleans and null as they are', { n: 1, b: false, z: null }, { n: 1, b: false, z: null }],
  ])('replaces %s', (_name, given, want) => {
    expect(redact(given, names, secrets)).toEqual(want);
  });

  it('keeps members the spec defines whose words are not credentials', () => {
    expect(redact({ prompt_cache_key: 'c', max_output_tokens: 5 }, names, secrets)).toEqual({
      prompt_cache_key: 'c',
      max_output_tokens: 5,
    });
  });
});
