import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPEC_PATH } from '../../kit/contract/contract';
import { useCli } from './support/run-cli';
import type { RunningCli } from './support/run-cli';

const SPEC = readFileSync(SPEC_PATH, 'utf8');

/** The built-in spec with the `maxLength` of ResponseRequest's `user` misspelt. */
function specWithTypo(): string {
  const at = SPEC.indexOf('    ResponseRequest:');
  const user = SPEC.indexOf('\n        user:', at);
  const limit = SPEC.indexOf('maxLength:', user);
  if (at < 0 || user < 0 || limit < 0) throw new Error('the spec no longer has ResponseRequest.user.maxLength');
  return `${SPEC.slice(0, limit)}maxLenght:${SPEC.slice(limit + 'maxLength:'.length)}`;
}

const TYPO_LINE =
  /^mock: \S+openapi\.yaml#\/components\/schemas\/ResponseRequest\/properties\/user\/maxLenght: unknown keyword "maxLenght" \(did you mean "maxLength"\?\)/;

describe('start-up problems', () => {
  const startCli = useCli();
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mock-startup-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string): string => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  /** Runs the CLI to its exit and returns its one line of stderr (the test fails if there are more). */
  async function oneLine(args: string[]): Promise<string> {
    const running = startCli(['--port', '0', ...args]);
    const exit = await running.exit;
    expect(exit.code).toBe(2);
    expect(exit.stdout).not.toContain('listening');
    const lines = exit.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    return lines[0] as string;
  }

  it.each([
    [
      'a spec file that is not there',
      { spec: () => path.join(dir, 'nope.yaml'), want: /^mock: \S+nope\.yaml: cannot read the spec: no such file$/ },
    ],
    [
      'a spec that is not YAML, by line and column',
      {
        spec: () => write('openapi.yaml', 'openapi: 3.1.0\npaths: [unclosed\n'),
        want: /^mock: \S+openapi\.yaml:3:1: not valid YAML: /,
      },
    ],
    [
      'a YAML file that is not OpenAPI',
      {
        spec: () => write('openapi.yaml', 'name: my-app\nversion: 2\n'),
        want: /^mock: \S+openapi\.yaml#\/openapi: missing: not an OpenAPI document$/,
      },
    ],
    [
      'a schema ajv rejects, by its JSON pointer',
      { spec: () => write('openapi.yaml', specWithTypo()), want: TYPO_LINE },
    ],
  ])('prints one line and exits 2 for %s', async (_name, { spec, want }) => {
    expect(await oneLine(['--spec', spec()])).toMatch(want);
  });

  it('prints the same line for a schema ajv rejects with --watch on', async () => {
    expect(await oneLine(['--watch', '--spec', write('openapi.yaml', specWithTypo())])).toMatch(TYPO_LINE);
  });

  it.each([
    [
      'a port that is not a number',
      { args: ['--port', 'abc'], want: /^mock: --port must be a whole number, got "abc" \(see --help\)$/ },
    ],
    ['an unknown flag', { args: ['--colour'], want: /^mock: Unknown option '--colour'.* \(see --help\)$/ }],
    [
      'a --proxy that is not a URL',
      {
        args: ['--proxy', 'gateway.example'],
        want: /^mock: --proxy must be the gateway's base URL, .* got "gateway\.example" \(see --help\)$/,
      },
    ],
    [
      'a mock-only flag with --proxy',
      {
        args: ['--proxy', 'http://127.0.0.1:9/api/v1', '--fixtures', 'f.json'],
        want: /^mock: with --proxy the answers come from the gateway: leave out --fixtures \(see --help\)$/,
      },
    ],
  ])('prints one line and exits 2 for %s', async (_name, { args, want }) => {
    expect(await oneLine(args)).toMatch(want);
  });

  it('names the fixtures file and each bad field, one line each', async () => {
    const fixtures = write('fixtures.json', '{"keys": [], "models": 3}');
    const running = startCli(['--port', '0', '--fixtures', fixtures]);
    const exit = await running.exit;
    expect(exit.code).toBe(2);
    const lines = exit.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^mock: \S+fixtures\.json: \/\S* /);
    expect(exit.stderr).not.toMatch(/\n\s+at /);
  });

  it('keeps serving the previous version after a bad reload under --watch, and prints the start-up line', async () => {
    const spec = write('openapi.yaml', SPEC);
    const cli = startCli(['--port', '0', '--watch', '--spec', spec]);
    const { baseUrl } = await cli.ready;
    // The watcher starts after the banner: a save before its line could go unseen.
    await printed(cli, 'stdout', (text) => text.includes('the mock reloads when they change'));
    writeFileSync(spec, specWithTypo());
    const stderr = await printed(cli, 'stderr', (text) => /^watch: .*\n/m.test(text));
    const line = stderr.split('\n').find((l) => l.startsWith('watch: ')) ?? '';
    expect(line.replace(/^watch: not reloaded, the previous version keeps serving: /, 'mock: ')).toMatch(TYPO_LINE);
    const res = await fetch(`${baseUrl}/model/openai/gpt-4o`, { headers: { authorization: 'Bearer sk-mock-user' } });
    expect(res.status).toBe(200);
    cli.child.kill('SIGTERM');
    expect((await cli.exit).code).toBe(0);
  });
});

/** Resolves with what the CLI printed on `stream` so far, once `done` holds for it. */
function printed(cli: RunningCli, stream: 'stdout' | 'stderr', done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    const look = (): void => {
      const text = cli[stream]();
      if (!done(text)) return;
      cli.child[stream]?.off('data', look);
      resolve(text);
    };
    cli.child[stream]?.on('data', look);
    look();
  });
}
