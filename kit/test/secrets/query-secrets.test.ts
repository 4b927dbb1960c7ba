import { scrubCredentialParams } from '../../secrets/query-secrets';
import { scrubSecrets } from '../../secrets/scrub-secrets';

describe('scrubCredentialParams', () => {
  it.each([
    ['api_key', 'http://h/x?api_key=abc123', 'http://h/x?api_key=$QUERY_API_KEY'],
    ['access_token', 'GET /x?a=1&access_token=t0k#top', 'GET /x?a=1&access_token=$QUERY_ACCESS_TOKEN#top'],
    ['token in JSON text', '{"next":"/x?token=zz9"}', '{"next":"/x?token=$QUERY_TOKEN"}'],
    ['key in a shell line', "curl 'http://h/x?key=k1&b=2'", "curl 'http://h/x?key=$QUERY_KEY&b=2'"],
    ['upper-case names', '/x?API_KEY=abc', '/x?API_KEY=$QUERY_API_KEY'],
  ])('replaces the value of %s', (_name, text, want) => {
    expect(scrubCredentialParams(text)).toBe(want);
  });

  it.each([
    ['a name that only holds one', '/x?monkey=banana&keyword=a&my_token=b'],
    ['a value already a variable', '/x?token=$API_KEY'],
    ['a name outside a query', 'key=value in prose'],
  ])('leaves %s as it is', (_what, text) => {
    expect(scrubCredentialParams(text)).toBe(text);
  });

  it('shows what the caller asks for instead', () => {
    expect(scrubCredentialParams('/x?token=abc', () => '[redacted]')).toBe('/x?token=[redacted]');
  });

  it('runs after the known secrets, which keep their own variable', () => {
    expect(scrubSecrets('/x?token=sk-known-1234', [['sk-known-1234', '$API_KEY']])).toBe('/x?token=$API_KEY');
  });
});
