import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../../config/config-error';
import { helpText, parseCli } from '../../config/parse-cli';
import { resolveConfig, resolveResetUrl } from '../../config/resolve-config';
import { checkNames } from '../../config/check-names';
import { keysOnCommandLine } from '../../config/parse-cli';
import { loadContract } from '../../../kit/contract/contract';
import { SETTINGS } from '../../config/settings';

const dir = mkdtempSync(path.join(tmpdir(), 'conformance-config-'));
function targetFile(content: unknown): string {
  const file = path.join(dir, `target-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}
const resolve = (argv: string[], env: NodeJS.ProcessEnv = {}) => resolveConfig(parseCli(argv, env));
const readMockTarget = () =>
  JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'targets', 'mock.json'), 'utf8')) as Record<string, unknown>;

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

  it("takes the guardrail id from --guardrail-id over CONFORMANCE_GUARDRAIL_ID over the file's guardrail.id", () => {
    const file = targetFile({ baseUrl: 'http://file.test/api/v1', apiKey: 'k', guardrail: { id: 'file-id' } });
    expect(resolve(['--target', file]).guardrail.id).toBe('file-id');
    expect(resolve(['--target', file], { CONFORMANCE_GUARDRAIL_ID: 'env-id' }).guardrail.id).toBe('env-id');
    const flag = resolve(['--target', file, '--guardrail-id', 'flag-id'], { CONFORMANCE_GUARDRAIL_ID: 'env-id' });
    expect(flag.guardrail.id).toBe('flag-id');
  });

  it('allows 300 s of clock skew unless --clock-skew, CONFORMANCE_CLOCK_SKEW or the file says otherwise', () => {
    const file = targetFile({ baseUrl: 'http://file.test/api/v1', apiKey: 'k', clockSkewSeconds: 60 });
    expect(resolve(['--base-url', 'http://x.test/api/v1', '--api-key', 'k']).clockSkewSeconds).toBe(300);
    expect(resolve(['--target', file]).clockSkewSeconds).toBe(60);
    expect(resolve(['--target', file], { CONFORMANCE_CLOCK_SKEW: '30' }).clockSkewSeconds).toBe(30);
    expect(resolve(['--target', file, '--clock-skew', '0'], { CONFORMANCE_CLOCK_SKEW: '30' }).clockSkewSeconds).toBe(0);
    expect(() => resolve(['--target', file, '--clock-skew', '5m'])).toThrow(
      /^clock skew must be an integer from 0 to 86400, got "5m"$/,
    );
    expect(() =>
      resolve(['--target', targetFile({ baseUrl: 'http://f.test', apiKey: 'k', clockSkewSeconds: -1 })]),
    ).toThrow(/clockSkewSeconds/);
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

  it("takes the target file's spec from the file's folder, and lets --spec and CONFORMANCE_SPEC override it", () => {
    const file = targetFile({ baseUrl: 'http://file.test/api/v1', apiKey: 'k', spec: 'specs/extended.yaml' });
    expect(resolve(['--target', file]).spec).toBe(path.join(dir, 'specs', 'extended.yaml'));
    expect(resolve(['--target', file], { CONFORMANCE_SPEC: 'env.yaml' }).spec).toBe('env.yaml');
    expect(resolve(['--target', file, '--spec', 'flag.yaml'], { CONFORMANCE_SPEC: 'env.yaml' }).spec).toBe('flag.yaml');
    expect(resolve([]).spec).toBeUndefined();
  });

  const errors: Array<[string, { argv: string[]; env?: NodeJS.ProcessEnv; message: RegExp }]> = [
    ['an unknown flag', { argv: ['--nope'], message: /Unknown option '--nope'/ }],
    ['a base URL without an API key', { argv: ['--base-url', 'http://x.test/api/v1'], message: /no API key/ }],
    ['a base URL that is not http', { argv: ['--base-url', 'ftp://x', '--api-key', 'k'], message: /not an http/ }],
    [
      'a base URL with a query string',
      {
        argv: ['--base-url', 'http://x.test/api/v1?team=a', '--api-key', 'k'],
        message: /has a query string or fragment/,
      },
    ],
    ['a seed that is not an integer', { argv: ['--seed', 'abc'], message: /seed must be an integer/ }],
    ['a missing target file', { argv: ['--target', '/nonexistent/target.json'], message: /cannot read target file/ }],
    [
      'a shipped target file named from a folder that has none (an installed package)',
      {
        argv: ['--target', '/nonexistent/conformance/targets/mock.json'],
        message:
          /^cannot read target file \/nonexistent\/conformance\/targets\/mock\.json: ENOENT; the package's own mock\.json is conformance\/targets\/mock\.json$/,
      },
    ],
    [
      'a reset URL that is neither a URL nor a path',
      { argv: ['--reset-url', 'mock/reset'], message: /neither an http\(s\) URL nor a path starting with \// },
    ],
    [
      '--baseline-update without --baseline',
      { argv: ['--baseline-update'], message: /--baseline-update needs --baseline FILE/ },
    ],
    [
      'a baseline switch variable that is not a yes or no',
      {
        argv: [],
        env: { CONFORMANCE_BASELINE_UPDATE: 'maybe' },
        message: /CONFORMANCE_BASELINE_UPDATE must be 1, true/,
      },
    ],
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

  it.each<[string, { given: unknown; want: string }]>([
    [
      'a top-level field in the wrong case',
      { given: { baseURL: 'http://x.test/api/v1' }, want: 'unknown field baseURL; did you mean baseUrl?' },
    ],
    [
      'a nested field a letter short',
      {
        given: { guardrail: { keyHash: ['a'] } },
        want: 'unknown field guardrail.keyHash; did you mean guardrail.keyHashes?',
      },
    ],
    ['a field like no other', { given: { colour: 'blue' }, want: 'unknown field colour' }],
  ])('names an unknown target-file field with the one likely meant: %s', (_name, { given, want }) => {
    expect(() => resolve(['--target', targetFile(given)])).toThrow(`is invalid: ${want}`);
  });

  it('reads the reset address from --reset-url and CONFORMANCE_RESET_URL, and takes a path on the base URL host', () => {
    const base = ['--base-url', 'http://gw.test:5000/api/v1', '--api-key', 'k'];
    expect(resolve([...base, '--reset-url', '/__mock/reset']).resetUrl).toBe('/__mock/reset');
    expect(resolve(base, { CONFORMANCE_RESET_URL: 'http://admin.test/reset' }).resetUrl).toBe(
      'http://admin.test/reset',
    );
    expect(resolveResetUrl('/__mock/reset', 'http://gw.test:5000/api/v1')).toBe('http://gw.test:5000/__mock/reset');
    expect(resolveResetUrl('http://admin.test/reset', 'http://gw.test:5000/api/v1')).toBe('http://admin.test/reset');
  });

  it("ships the mock's target with a reset path, so it resets the mock it runs against, on any port", () => {
    const file = targetFile({ ...readMockTarget(), $schema: undefined });
    const config = resolve(['--target', file, '--base-url', 'http://127.0.0.1:5999/api/v1']);
    expect(resolveResetUrl(config.resetUrl, config.baseUrl ?? '')).toBe('http://127.0.0.1:5999/__mock/reset');
  });

  it('reads the guarded key from CONFORMANCE_GUARDED_API_KEY, and notices keys given as flags', () => {
    const cli = parseCli(['--base-url', 'http://x.test/api/v1', '--api-key', 'k'], {
      CONFORMANCE_GUARDED_API_KEY: 'g',
    });
    expect(resolveConfig(cli).guardrail.guardedApiKey).toBe('g');
    expect(keysOnCommandLine(cli)).toEqual(['--api-key']);
  });

  it('refuses a names mapping of a name the contract does not use, with the closest one it does', () => {
    const contract = loadContract();
    expect(() => checkNames(contract, { headers: { 'X-Service-Metadata': 'X-OpenRouter-Metadata' } })).not.toThrow();
    expect(() => checkNames(contract, { headers: { 'X-Service-Metdata': 'X-OpenRouter-Metadata' } })).toThrow(
      'names.headers maps X-Service-Metdata, which the contract does not use; did you mean X-Service-Metadata?',
    );
    expect(() => checkNames(contract, { members: { servicemetadata: 'openrouter_metadata' } })).toThrow(
      /names.members maps servicemetadata, which the contract does not use; did you mean service_metadata\?/,
    );
  });

  it('documents in --help that keys belong in variables, and every exit status', () => {
    const help = helpText();
    expect(help).toContain('CONFORMANCE_API_KEY=... model-gateway-conformance');
    expect(help).toMatch(/130\/143 interrupted/);
  });
  it('judges the whole API unless a profile says otherwise', () => {
    expect(resolve([])).toMatchObject({ profile: 'full', require: [] });
  });

  it('reads the profile and required features from flags, variables and the target file, flags first', () => {
    const file = targetFile({ baseUrl: 'http://file.test/api/v1', apiKey: 'k', profile: 'openai', require: ['debug'] });
    expect(resolve(['--target', file])).toMatchObject({ profile: 'openai', require: ['debug'] });
    expect(
      resolve(['--target', file], { CONFORMANCE_PROFILE: 'full', CONFORMANCE_REQUIRE: 'plugins, provider-routing' }),
    ).toMatchObject({ profile: 'full', require: ['plugins', 'provider-routing'] });
    expect(resolve(['--target', file, '--require', 'plugins', '--require', 'trace'])).toMatchObject({
      require: ['plugins', 'trace'],
    });
  });

  it('rejects an unknown profile, naming the closest one', () => {
    expect(() => resolve(['--profile', 'opnai'])).toThrow(
      /unknown profile "opnai"; did you mean openai\? \(profiles: full, openai\)/,
    );
  });

  it('rejects a target file profile the schema does not list', () => {
    const file = targetFile({ baseUrl: 'http://file.test/api/v1', apiKey: 'k', profile: 'anthropic' });
    expect(() => resolve(['--target', file])).toThrow(/\/profile must be equal to one of the allowed values/);
  });
});
