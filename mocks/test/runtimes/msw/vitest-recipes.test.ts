/**
 * The Vitest recipes of the docs as a user's Vitest project takes them, under each msw major the
 * running Node loads: docs/browser-tests.md's Vitest config (jsdom, `globals: true`) with its two
 * msw examples, and its example without globals (Vitest's hooks passed to `setupMockGateway`,
 * a stray request failing); docs/testing.md's recipe start with its `// @vitest-environment node`
 * line in that jsdom project. The code is read from the docs (the examples are docs/examples/,
 * which browser-tests-doc.test.ts holds equal to the doc's blocks; testing.md's blocks are cut
 * out of it here), so the docs and this test cannot drift. The project's node_modules is this
 * repository's; a config of the test's own points the package name at the sources (an installed
 * package's dist/), and `msw` at `msw3` for msw 3. Vitest runs once per major, in a child process.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MSW_LINES, mswName } from './surfaces';
import type { MswLine } from './surfaces';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const EXAMPLES = path.join(ROOT, 'docs', 'examples');
const run = promisify(execFile);

/** What `createHandlers` says once on msw 2 (msw-major.ts): proof of the major Vitest loaded. */
const MSW2_WARNING = 'model-gateway-mock: with msw 2, a client that cancels';

/** docs/testing.md's recipe start, with its Vitest line, and its retry recipe in a test. */
function testingRecipe(): string {
  const doc = readFileSync(path.join(ROOT, 'docs', 'testing.md'), 'utf8');
  const cut = (pattern: RegExp, what: string): string => {
    const found = pattern.exec(doc)?.[1];
    if (found === undefined) throw new Error(`docs/testing.md no longer shows ${what}`);
    return found;
  };
  const line = cut(/`(\/\/ @vitest-environment node)`/, 'the Vitest environment line');
  const start = cut(/reset after each one:\n\n```ts\n([\s\S]*?)```/, "the recipes' start");
  const retry = cut(/### A retry UI\n[\s\S]*?```ts\n([\s\S]*?)```/, 'the retry recipe');
  const body = retry.replace(/^(?=.)/gm, '  ');
  // The recipe calls `ask()`, the UI's request, which the doc leaves to the reader.
  return `${line}
${start}import OpenAI from 'openai';

it('shows "Try again" on a 503, then the answer', async () => {
  function ask() {
    return client.responses.create({ model: 'openai/gpt-4o', input: 'hello' });
  }
${body}});
`;
}

/** The config Vitest runs with: the docs' config, the package at the sources, and two projects. */
function sourcesConfig(line: MswLine): string {
  const precompiled = `${path.join(ROOT, 'node_modules', '.cache', 'model-gateway-mock', 'precompiled')}/`;
  const alias = [
    ['^model-gateway-mock/msw/node$', path.join(ROOT, 'mocks', 'msw-node.ts')],
    ['^model-gateway-mock/msw$', path.join(ROOT, 'mocks', 'msw.ts')],
    ['^model-gateway-mock$', path.join(ROOT, 'index.ts')],
    ...(line === 'msw' ? [] : [['^msw(?=$|/)', 'msw3']]),
  ];
  return `import { defineConfig, mergeConfig } from 'vitest/config';
import app from './vitest.config.ts';

export default mergeConfig(app, defineConfig({
  cacheDir: '.vite',
  resolve: { alias: ${JSON.stringify(alias)}.map(([find, replacement]) => ({ find: new RegExp(find), replacement })) },
  plugins: [{
    // The browser build names dist/precompiled/ by literal paths (shipped-setup.ts); from the
    // sources they are the ones Jest's global setup made (kit/test/support/precompile-for-tests.js).
    name: 'precompiled-from-sources',
    enforce: 'pre',
    transform: (code, id) => id.endsWith('shipped-setup.ts')
      ? code.replaceAll("'../../../../precompiled/", ${JSON.stringify(`'${precompiled}`)})
      : undefined,
  }],
  test: {
    projects: [
      { extends: true, test: { name: 'globals', include: ['globals/*.test.ts'] } },
      { extends: true, test: { name: 'hooks', globals: false, include: ['hooks/*.test.ts'] } },
    ],
  },
}));
`;
}

interface VitestResult {
  success: boolean;
  numTotalTests: number;
  testResults: Array<{ name: string; assertionResults: Array<{ title: string; status: string }> }>;
}

describe.each(MSW_LINES.map((line) => [mswName(line), line] as const))('Vitest 4 on %s', (_name, line) => {
  let project: string;

  beforeAll(() => {
    project = mkdtempSync(path.join(os.tmpdir(), 'vitest-project-'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'), 'dir');
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    copyFileSync(path.join(EXAMPLES, 'vitest.config.ts'), path.join(project, 'vitest.config.ts'));
    writeFileSync(path.join(project, 'vitest.sources.ts'), sourcesConfig(line));
    mkdirSync(path.join(project, 'globals'));
    mkdirSync(path.join(project, 'hooks'));
    for (const example of ['chat.msw.test.ts', 'gateway.msw.test.ts'])
      copyFileSync(path.join(EXAMPLES, example), path.join(project, 'globals', example));
    writeFileSync(path.join(project, 'globals', 'retry-ui.test.ts'), testingRecipe());
    copyFileSync(path.join(EXAMPLES, 'gateway.vitest.ts'), path.join(project, 'hooks', 'gateway.vitest.test.ts'));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("passes the docs' recipes in jsdom, with globals and with the hooks passed", async () => {
    const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const { stdout, stderr } = await run(
      process.execPath,
      [
        vitest,
        'run',
        '--config',
        'vitest.sources.ts',
        '--configLoader',
        'runner',
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=result.json',
      ],
      { cwd: project, env: { ...process.env, NODE_OPTIONS: '', NO_COLOR: '1' } },
    ).catch((error: { stderr?: string; stdout?: string }) => {
      throw new Error(`vitest failed in the pasted project:\n${error.stderr ?? ''}${error.stdout ?? ''}`);
    });
    const result = JSON.parse(readFileSync(path.join(project, 'result.json'), 'utf8')) as VitestResult;
    const outcomes = result.testResults
      .flatMap((file) =>
        file.assertionResults.map((test) => `${path.relative(project, file.name)}: ${test.title}: ${test.status}`),
      )
      .sort();
    expect(outcomes).toEqual([
      'globals/chat.msw.test.ts: streams the answer the contract describes: passed',
      'globals/gateway.msw.test.ts: retries a rate-limited request and gets the answer: passed',
      'globals/retry-ui.test.ts: shows "Try again" on a 503, then the answer: passed',
      'hooks/gateway.vitest.test.ts: answers from the mock and journals what the client sent: passed',
      'hooks/gateway.vitest.test.ts: fails a request no handler takes, such as one to another host: passed',
    ]);
    expect(result).toMatchObject({ success: true, numTotalTests: 5 });
    // The major Vitest loaded is the one this block is for: createHandlers warns on msw 2 only.
    expect(`${stdout}${stderr}`.includes(MSW2_WARNING)).toBe(line === 'msw');
  }, 120_000);
});
