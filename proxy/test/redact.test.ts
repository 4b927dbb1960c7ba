import { DEFAULT_REDACTED_NAMES, REDACTED, redact, requestSecrets } from '../redact';

const names = new Set([...DEFAULT_REDACTED_NAMES, 'x-team-token']);

describe('requestSecrets', () => {
  it('takes the bearer key and the values of listed headers, not short values or unlisted headers', () => {
    expect(
      requestSecrets(
        {
          authorization: 'Bearer sk-live-0123456789',
          'x-team-token': ['tok-abcdefgh'],
          'x-api-key': 'short',
          'x-title': 'My App Title',
        },
        names,
      ),
    ).toEqual(['Bearer sk-live-0123456789', 'sk-live-0123456789', 'tok-abcdefgh']);
  });
});

describe('redact', () => {
  it.each([
    ['a listed member, ignoring case', { API_KEY: 'k', note: 'kept' }, { API_KEY: REDACTED, note: 'kept' }],
    [
      'a member named by --redact, however deep',
      { a: [{ 'x-team-token': { v: 1 } }] },
      { a: [{ 'x-team-token': REDACTED }] },
    ],
    ['a secret inside a text', { text: 'my key is sk-live-0123456789, ok' }, { text: `my key is ${REDACTED}, ok` }],
    ['a secret as a member name', { 'sk-live-0123456789': 1 }, { [REDACTED]: 1 }],
    ['numbers, booleans and null as they are', { n: 1, b: false, z: null }, { n: 1, b: false, z: null }],
  ])('replaces %s', (_name, given, want) => {
    expect(redact(given, names, ['sk-live-0123456789'])).toEqual(want);
  });
});
