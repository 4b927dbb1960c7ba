import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../../config/config-error';
import { helpText, parseCli } from '../../config/parse-cli';
import { resolveConfig } from '../../config/resolve-config';
import { SETTINGS } from '../../config/settings';

const dir = mkdtempSync(path.join(tmpdir(), 'conformance-config-'));
function targetFile(content: unknown): string {
  const file = path.join(dir, `target-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}
const resolve = (argv: string[], env: NodeJS.ProcessEnv = {}) => resolveConfig(parseCli(argv, env));

describe('configuration', () => {
  it('starts the mock in-process with its fixtures when neither a target nor a base URL is given', () => {
    const config = resolve([]);
    expect(config.startMock).toBe(true);
    expect(config.baseUrl).toBeUndefined();
    expect(config.guardrail.guardedApiKey).toBe('sk-mock-guarded');
  });

  it('lets flags override CONFORMANCE_* variables, which override the target file', () => {
    const file = targetFile({ baseUrl: 'http://file.test/api/v1', apiKey: 'file-key', model: 'file/model' });
    const config = resolve(['--target', file, '--api-key', 'flag-key'], {
      CONFORMANCE_API_KEY: 'env-key',
      CONFORMANCE_MODEL: 'env/model',
    });
    expect([config.baseUrl, config.apiKey, config.model]).toEqual(['http://file.test/api/v1', 'flag-key', 'env/model']);
  });

  it('reads every setting from its CONFORMANCE_* variable', () => {
    const config = resolve([], {
      CONFORMANCE_BASE_URL: 'http://env.test/api/v1/',
      CONFORMANCE_API_KEY: 'k',
      CONFORMANCE_SEED: '7',
      CONFORMANCE_ONLY: 'stream, auth/*',
      CONFORMANCE_CONCURRENCY: '3',
    });
    expect(config).toMatchObject({
      baseUrl: 'http://env.test/api/v1',
      apiKey: 'k',
      seed: 7,
      only: ['stream', 'auth/*'],
      concurrency: 3,
      startMock: false,
    });
  });

  const errors: Array<[string, { argv: string[]; env?: NodeJS.ProcessEnv; message: RegExp }]> = [
    ['an unknown flag', { argv: ['--nope'], message: /Unknown option '--nope'/ }],
    ['a base URL without an API key', { argv: ['--base-url', 'http://x.test/api/v1'], message: /no API key/ }],
    ['a base URL that is not http', { argv: ['--base-url', 'ftp://x', '--api-key', 'k'], message: /not an http/ }],
    ['a seed that is not an integer', { argv: ['--seed', 'abc'], message: /seed must be an integer/ }],
    ['a missing target file', { argv: ['--target', '/nonexistent/target.json'], message: /cannot read target file/ }],
  ];
  it.each(errors)('rejects %s with a ConfigError', (_name, { argv, env, message }) => {
    expect(() => resolve(argv, env)).toThrow(ConfigError);
    expect(() => resolve(argv, env)).toThrow(message);
  });

  it('rejects a target file that is not JSON or breaks the target schema, naming the field', () => {
    expect(() => resolve(['--target', targetFile('{ nope')])).toThrow(/is not JSON/);
    expect(() =>
      resolve([
        '--target',
        targetFile({ baseUrl: 'http://x.test/api/v1', apiKey: 'k', guardrail: { keyHashes: 'abc' } }),
      ]),
    ).toThrow(/\/guardrail\/keyHashes must be array/);
  });

  it('explains every flag and its variable in --help', () => {
    const help = helpText();
    for (const s of SETTINGS) {
      expect(help).toContain(`--${s.flag}`);
      expect(help).toContain(s.env);
    }
    expect(help).toMatch(/Exit status: 0 .* 1 .* 2/);
  });
});
