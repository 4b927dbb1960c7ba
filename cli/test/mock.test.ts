import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError, parseCliArgs } from '../mock-args';
import { hashKey } from '../../mocks/src/core/fixture-model/hash-key';
import { loadFixtures } from '../../mocks/src/fixture-loading/load-fixtures';
import { DEFAULT_BODY_LIMIT_BYTES } from '../../mocks/src/core/options';
import { bearer, GUARDED_KEY, MANAGEMENT_KEY, USER_KEY } from '../../mocks/test/helpers/sample-requests';
import { CLI, useCli } from './support/run-cli';

describe('npm start (cli/mock.ts)', () => {
  const startCli = useCli();

  it('serves the built-in fixtures, prints the base URL and the demo keys, and on SIGTERM finishes a stream in flight and exits 0', async () => {
    const running = startCli(['--port', '0', '--first-token-delay-ms', '0', '--tokens-per-second', '20']);
    const { baseUrl, readyMs } = await running.ready;
    console.info(`time to ready from spawn (tsx ${CLI} --port 0): ${readyMs} ms`);

    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(baseUrl).not.toMatch(/:0\//);
    for (const key of [USER_KEY, MANAGEMENT_KEY, GUARDED_KEY]) expect(running.stdout()).toContain(key);
    expect(running.stdout()).toContain('Fixtures: built-in');

    const model = await fetch(`${baseUrl}/model/openai/gpt-4o`, { headers: bearer(USER_KEY) });
    expect(model.status).toBe(200);
    expect(((await model.json()) as { data: { id: string } }).data.id).toBe('openai/gpt-4o');

    // A paced stream is in flight when SIGTERM arrives: it is finished, then the process exits 0.
    const stream = await fetch(`${baseUrl}/responses`, {
      method: 'POST',
      headers: { ...bearer(USER_KEY), 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Say hello.', stream: true }),
    });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    running.child.kill('SIGTERM');
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);

    const exit = await running.exit;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.stdout).toContain('SIGTERM: finishing in-flight requests');
    await expect(fetch(`${baseUrl}/model/openai/gpt-4o`, { headers: bearer(USER_KEY) })).rejects.toThrow();
  });

  it('takes PORT and HOST from the environment, loads --fixtures FILE, and exits 0 on SIGINT', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mock-cli-'));
    const file = path.join(dir, 'fixtures.json');
    const builtin = loadFixtures();
    const custom = {
      ...builtin,
      keys: [
        { key: 'sk-custom-demo', label: 'custom', management: false, user_id: 'user_custom' },
        ...builtin.keys.filter((k) => k.key === MANAGEMENT_KEY),
      ],
    };
    custom.guardrails = builtin.guardrails.map((g) => ({
      ...g,
      assigned_key_hashes: g.assigned_key_hashes.filter((h) => h === hashKey(MANAGEMENT_KEY)),
    }));
    writeFileSync(file, JSON.stringify(custom));

    const running = startCli(['--fixtures', file], { PORT: '0', HOST: '127.0.0.1' });
    const { baseUrl } = await running.ready;
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(running.stdout()).toContain(`Fixtures: ${file}`);
    expect(running.stdout()).toContain('sk-custom-demo');
    expect((await fetch(`${baseUrl}/model/openai/gpt-4o`, { headers: bearer('sk-custom-demo') })).status).toBe(200);
    expect((await fetch(`${baseUrl}/model/openai/gpt-4o`, { headers: bearer(USER_KEY) })).status).toBe(401);

    running.child.kill('SIGINT');
    expect(await running.exit).toMatchObject({ code: 0, signal: null });
  });

  it('answers from --scripts FILE before the built-in scripts, and names the file in the banner', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mock-cli-'));
    const file = path.join(dir, 'scripts.json');
    writeFileSync(
      file,
      JSON.stringify([{ name: 'launch', match: { contains: 'launch code' }, reply: { text: 'The code is 0000.' } }]),
    );
    const running = startCli(['--port', '0', '--scripts', file]);
    const { baseUrl } = await running.ready;
    expect(running.stdout()).toContain(`Scripts: ${file} (tried first)`);
    const ask = async (input: string): Promise<string> => {
      const res = await fetch(`${baseUrl}/responses`, {
        method: 'POST',
        headers: { ...bearer(USER_KEY), 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'openai/gpt-4o', input }),
      });
      const body = (await res.json()) as { output: Array<{ content?: Array<{ text?: string }> }> };
      return body.output
        .flatMap((item) => item.content ?? [])
        .map((part) => part.text ?? '')
        .join('');
    };
    expect(await ask('What is the launch code?')).toBe('The code is 0000.');
    expect(await ask('hello')).toBe('Hello! How can I help you today?');
    running.child.kill('SIGTERM');
    expect(await running.exit).toMatchObject({ code: 0 });
  });

  it('stops with exit code 2 and one line naming the file and the place for a bad --scripts file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mock-cli-'));
    const file = path.join(dir, 'scripts.json');
    writeFileSync(file, JSON.stringify({ scripts: [{ name: 'x', match: { regex: '(' }, reply: { text: 'y' } }] }));
    const running = startCli(['--port', '0', '--scripts', file]);
    const exit = await running.exit;
    expect(exit.code).toBe(2);
    expect(exit.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^mock: .*scripts\.json: \/scripts\/0\/match\/regex is not a valid regular expression/),
    ]);
  });

  it('stops with exit code 2 and one line naming the bad field for a bad fixtures file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mock-cli-'));
    const file = path.join(dir, 'bad.json');
    const builtin = loadFixtures();
    writeFileSync(
      file,
      JSON.stringify({ ...builtin, keys: builtin.keys.map((k, i) => (i === 0 ? { ...k, management: 'yes' } : k)) }),
    );

    const running = startCli(['--port', '0', '--fixtures', file]);
    const exit = await running.exit;
    expect(exit.code).toBe(2);
    const lines = exit.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^mock: .*bad\.json: \/keys\/0\/management /);
    expect(exit.stderr).not.toMatch(/\n\s+at /);
    expect(exit.stdout).not.toContain('listening');
  });
});

describe('command-line settings (cli-args)', () => {
  it.each([
    [
      'nothing given',
      {
        given: { argv: [], env: {} },
        want: { port: 4010, host: '127.0.0.1', fixturesPath: undefined, bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES },
      },
    ],
    [
      'PORT and HOST',
      { given: { argv: [], env: { PORT: '5000', HOST: '0.0.0.0' } }, want: { port: 5000, host: '0.0.0.0' } },
    ],
    [
      'flags over the environment',
      {
        given: { argv: ['--port', '6000', '--host', '::1'], env: { PORT: '5000', HOST: '0.0.0.0' } },
        want: { port: 6000, host: '::1' },
      },
    ],
    ['--port 0 for any free port', { given: { argv: ['--port', '0'], env: {} }, want: { port: 0 } }],
    ['--scripts', { given: { argv: ['--scripts', 'flow.json'], env: {} }, want: { scriptsPath: 'flow.json' } }],
    [
      '--fixtures and --body-limit',
      {
        given: { argv: ['--fixtures', 'my.json', '--body-limit', '1024'], env: {} },
        want: { fixturesPath: 'my.json', bodyLimitBytes: 1024 },
      },
    ],
  ])('reads %s', (_name, { given, want }) => {
    expect(parseCliArgs(given.argv, given.env)).toMatchObject(want);
  });

  it.each([
    ['a port that is not a number', { given: ['--port', 'abc'], want: '--port must be a whole number, got "abc"' }],
    ['a port out of range', { given: ['--port', '70000'], want: '--port must be between 0 and 65535, got 70000' }],
    ['a body limit of 0', { given: ['--body-limit', '0'], want: '--body-limit must be between 1 and' }],
    ['an unknown flag', { given: ['--colour'], want: 'Unknown option' }],
  ])('refuses %s with a CliError', (_name, { given, want }) => {
    expect(() => parseCliArgs(given, {})).toThrow(CliError);
    expect(() => parseCliArgs(given, {})).toThrow(want);
  });
});
