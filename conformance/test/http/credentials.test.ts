import { redactText } from '../../http/credentials';

const keys = { apiKey: 'sk-or-v1-abc/def+ghi?', managementKey: 'sk-mgmt-123456' };
const b64 = (text: string, url = false) => Buffer.from(text).toString(url ? 'base64url' : 'base64');

describe('redactText', () => {
  it.each([
    ['as sent', keys.apiKey, '$API_KEY'],
    ['percent-encoded', encodeURIComponent(keys.apiKey), '$API_KEY'],
    ['base64', b64(keys.apiKey), 'base64($API_KEY)'],
    ['base64 without padding', b64(keys.managementKey).replace(/=+$/, ''), 'base64($MANAGEMENT_KEY)'],
    ['base64url', b64(keys.apiKey, true), 'base64($API_KEY)'],
  ])('shows a key echoed %s as its variable', (_how, echoed, shown) => {
    const text = redactText(`invalid key ${echoed} (see logs)`, keys);
    expect(text).toBe(`invalid key ${shown} (see logs)`);
    for (const key of Object.values(keys)) expect(text).not.toContain(key);
  });
});
