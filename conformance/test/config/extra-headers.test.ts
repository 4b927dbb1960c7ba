import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../../config/config-error';
import { keysOnCommandLine, parseCli } from '../../config/parse-cli';
import { resolveConfig } from '../../config/resolve-config';
import { redactText } from '../../http/credentials';
import { secretHeaderValues, shownHeaders } from '../../http/extra-headers';
import { secretNames } from '../../../kit/secrets/secret-names';

const dir = mkdtempSync(path.join(tmpdir(), 'conformance-headers-'));
const target = (headers: unknown) => {
  const file = path.join(dir, `target-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: 'sk-x', headers }));
  return file;
};
const resolve = (argv: string[], env: NodeJS.ProcessEnv = {}) => resolveConfig(parseCli(argv, env));

describe('extra headers', () => {
  it('takes --header as often as given, CONFORMANCE_HEADERS one per line and the target file, flags winning by name', () => {
    const file = target({ 'X-Route-To': 'file', 'X-Org': 'acme' });
    const env = { CONFORMANCE_HEADERS: 'x-route-to: env\nX-Region: eu, west' };
    const config = resolve(['--target', file, '--header', 'X-Route-To: flag', '--header', 'X-Trace:  a:b '], env);
    expect(config.headers).toEqual({ 'X-Org': 'acme', 'X-Region': 'eu, west', 'X-Route-To': 'flag', 'X-Trace': 'a:b' });
  });

  it.each([
    ['no colon', 'X-Route-To mock', /--header: "X-Route-To m…" is not a header; write it as 'Name: value'/],
    ['a bad name', 'X Route: mock', /--header: "X Route" is not a valid header name/],
    [
      'the key header',
      'Authorization: Bearer x',
      /Authorization cannot be given as an extra header: the keys are given with --api-key/,
    ],
  ])('refuses a header with %s on one line', (_case, header, message) => {
    expect(() => resolve(['--base-url', 'http://127.0.0.1:9/api/v1', '--api-key', 'k', '--header', header])).toThrow(
      message,
    );
    expect(() => resolve(['--base-url', 'http://127.0.0.1:9/api/v1', '--api-key', 'k', '--header', header])).toThrow(
      ConfigError,
    );
  });

  it('warns of a header whose name looks secret given as a flag, not of one from the variable', () => {
    const cli = parseCli(['--header', 'X-Route-To: a', '--header', 'X-Tenant-Key: s'], {
      CONFORMANCE_HEADERS: 'X-Api-Token: t',
    });
    expect(keysOnCommandLine(cli)).toEqual(['--header X-Tenant-Key']);
  });

  it('shows a header whose name looks secret as a variable, in reports and in any text', () => {
    const headers = { 'X-Route-To': 'mock', 'X-Tenant-Key': 'tenant-secret-1', 'X-Auth-Token': 'tok-secret-2' };
    expect(shownHeaders(headers)).toEqual({
      'X-Route-To': 'mock',
      'X-Tenant-Key': '$X_TENANT_KEY',
      'X-Auth-Token': '$X_AUTH_TOKEN',
    });
    const keys = { secrets: secretHeaderValues(headers) };
    const echoed = `bad tenant tenant-secret-1 (${Buffer.from('tok-secret-2').toString('base64')})`;
    expect(redactText(echoed, keys)).toBe('bad tenant $X_TENANT_KEY (base64($X_AUTH_TOKEN))');
  });

  it('shows a header whose words are not secret as it is, and does not warn of it', () => {
    const headers = { 'X-Portkey-Provider': 'openai' };
    expect(shownHeaders(headers)).toEqual(headers);
    expect(redactText('model openai/gpt-4o', { secrets: secretHeaderValues(headers) })).toBe('model openai/gpt-4o');
    expect(keysOnCommandLine(parseCli(['--header', 'X-Portkey-Provider: openai'], {}))).toEqual([]);
  });

  it('takes a header named with --redact for secret: shown as a variable, warned of as a flag', () => {
    const config = resolve([
      '--base-url',
      'http://127.0.0.1:9/api/v1',
      '--api-key',
      'k',
      '--header',
      'X-Tenant: acme-tenant-7',
      '--redact',
      'x-tenant',
    ]);
    const names = secretNames(config.redact);
    expect(shownHeaders(config.headers, names)).toEqual({ 'X-Tenant': '$X_TENANT' });
    expect(redactText('tenant acme-tenant-7', { secrets: secretHeaderValues(config.headers, names) })).toBe(
      'tenant $X_TENANT',
    );
    expect(keysOnCommandLine(parseCli(['--header', 'X-Tenant: a', '--redact', 'X-Tenant'], {}))).toEqual([
      '--header X-Tenant',
    ]);
  });
});
