/**
 * The installable package, as a user gets it: `npm pack` (which builds it: prepack), then
 * `npm install <tarball>` into an empty folder, its dependencies from the npm cache when they
 * are there. Then the two commands, and the library from CommonJS, ESM and TypeScript.
 */
import { createHash } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMockServer } from '../../mocks/index';
import { startScriptNodeFlags } from '../../scripts/bench/server-specs';
import { COMMANDS, nonAsciiPlaces } from '../../scripts/bundle-commands';
import { docImports, docReferences, importsProgram } from './support/doc-imports';

const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

interface PackedFile {
  readonly path: string;
}

/** The environment of a user's shell: none of the npm script variables of the `npm test` running this. */
function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^npm_(lifecycle|package|command)/.test(name)) delete env[name];
  delete env.PORT;
  delete env.HOST;
  return env;
}

interface RunningMock {
  readonly child: ChildProcess;
  /** The base URL from the banner; rejects if the mock exits first. */
  readonly baseUrl: Promise<string>;
  readonly exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
}

/** Spawns a mock server process and reads its base URL from the banner. */
function spawnMock(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): RunningMock {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const baseUrl = new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const found = /^Model Gateway mock listening on (http:\/\/\S+)$/m.exec(stdout)?.[1];
      if (found) resolve(found);
    });
    void exited.then((code) => reject(new Error(`the mock exited (${code}): ${stderr}`)));
  });
  return { child, baseUrl, exited, stdout: () => stdout, stderr: () => stderr };
}

describe('the installable package (npm pack, npm install into an empty folder)', () => {
  let dir: string;
  let app: string;
  let files: string[];
  let installed: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'package-'));
    const { stdout } = await run(NPM, ['pack', '--json', '--pack-destination', dir], {
      cwd: ROOT,
      env: userEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    // prepack (the build) prints its progress first; npm's JSON comes last.
    const json = stdout.slice(stdout.search(/^\[/m));
    const [packed] = JSON.parse(json) as Array<{ filename: string; files: PackedFile[] }>;
    if (!packed) throw new Error(`npm pack printed no package: ${stdout}`);
    files = packed.files.map((f) => f.path);
    app = path.join(dir, 'app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true }));
    await run(
      NPM,
      ['install', path.join(dir, packed.filename), '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: app, env: userEnv() },
    );
    installed = path.join(app, 'node_modules', 'model-gateway-mock');
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the compiled code with its types, the spec, the fixtures, the targets and the docs page, and no source or test', () => {
    for (const file of [
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/mock.js',
      'dist/cli/conformance.js',
      'dist/cli/model-gateway.js',
      'dist/diff/index.js',
      'dist/contract-check/index.js',
      'dist/api-docs/index.js',
      'dist/generated/openapi.d.ts',
      'dist/precompiled/manifest.json',
      'dist/precompiled/openapi.json',
      'dist/precompiled/contract-validators.js',
      'dist/precompiled/answer-validators.js',
      'dist/precompiled/fixtures-validator.js',
      'dist/precompiled/builtin-fixtures.json',
      'spec/openapi.yaml',
      'mocks/fixtures/default.json',
      'mocks/fixtures/fixtures.schema.json',
      'mocks/scenarios/scenario.schema.json',
      'dist/mocks/scenarios/scenario.schema.json',
      'conformance/targets/mock.json',
      'conformance/targets/target.schema.json',
      'reports/docs/index.html',
      'README.md',
      'package.json',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
    expect(files.filter((f) => /(^|\/)test\/|\.test\./.test(f))).toEqual([]);
  });

  it('ships validators compiled from the very spec, fixtures schema and fixtures it ships (a start uses them)', () => {
    const manifest = JSON.parse(readFileSync(path.join(installed, 'dist', 'precompiled', 'manifest.json'), 'utf8')) as {
      specSha256: string;
      fixturesSchemaSha256: string;
      builtinFixturesSha256: string;
    };
    const sha = (...segments: string[]): string =>
      createHash('sha256')
        .update(readFileSync(path.join(installed, ...segments), 'utf8'))
        .digest('hex');
    expect(manifest).toMatchObject({
      specSha256: sha('spec', 'openapi.yaml'),
      fixturesSchemaSha256: sha('mocks', 'fixtures', 'fixtures.schema.json'),
      builtinFixturesSha256: sha('mocks', 'fixtures', 'default.json'),
    });
  });

  it('lists every package its code requires as a dependency (msw as its optional peer), and needs no tsx to run', () => {
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as {
      private?: boolean;
      dependencies: Record<string, string>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };
    // model-gateway-mock/msw alone requires msw: the user's own, an optional peer.
    expect(manifest.peerDependencies?.msw).toBeDefined();
    expect(manifest.peerDependenciesMeta?.msw?.optional).toBe(true);
    expect(manifest.private).toBeUndefined();
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    const required = new Set<string>();
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(path.join(installed, file), 'utf8');
      for (const [, specifier] of code.matchAll(/\brequire\(["']([^"'.][^"']*)["']\)/g)) {
        const name = specifier?.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier?.split('/')[0];
        if (name && !name.startsWith('node:') && !builtinModules.includes(name)) required.add(name);
      }
    }
    const peers = manifest.peerDependencies ?? {};
    expect(
      [...required].filter((name) => manifest.dependencies[name] === undefined && peers[name] === undefined),
    ).toEqual([]);
    expect(required.size).toBeGreaterThan(0);
  });

  it('starts model-gateway-mock --port 0, serves the docs page, and passes npx model-gateway-conformance (exit 0)', async () => {
    // The bin itself, not npx: a background server must get the SIGTERM that stops it, which npx does not pass on.
    const mock = spawnMock(
      path.join(app, 'node_modules', '.bin', 'model-gateway-mock'),
      ['--port', '0'],
      app,
      userEnv(),
    );
    const { exited } = mock;
    try {
      const baseUrl = await mock.baseUrl;
      const docs = await fetch(`${new URL(baseUrl).origin}/__mock/docs`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain('/embeddings/models');
      // The banner speaks to the installed package: no repository scripts (npm run docs).
      expect(mock.stdout()).not.toMatch(/npm (run|start)/);

      const reportDir = path.join(dir, 'reports');
      const suite = await run(
        NPX,
        ['model-gateway-conformance', '--base-url', baseUrl, '--report-dir', reportDir, '--seed', '5'],
        {
          cwd: app,
          env: { ...userEnv(), CONFORMANCE_API_KEY: 'sk-mock-user', CONFORMANCE_MANAGEMENT_KEY: 'sk-mock-management' },
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      expect(suite.stdout).toMatch(/^PASS: \d+ passed, 0 failed/m);
      expect(readdirSync(reportDir).sort()).toEqual(['conformance.html', 'conformance.json', 'junit.xml']);
    } finally {
      mock.child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(mock.stderr()).toBe('');
  }, 120_000);

  interface StartRecord {
    /** The files in require.cache, relative to the installed package. */
    readonly files: string[];
    /** Node's own modules loaded after the mock set its first V8 option (mock.ts, step 3). */
    readonly lateNodeModules: string[] | null;
  }

  /**
   * Starts the installed model-gateway-mock with `args` (and node's `nodeOptions`), answers one
   * GET, stops it, and returns what it had loaded by then, as a preloaded module saw it at exit.
   */
  async function recordAStart(
    args: readonly string[],
    nodeOptions: readonly string[] = [],
    entry: readonly string[] = [path.join('dist', 'cli', 'mock.js')],
  ): Promise<StartRecord> {
    const preload = path.join(dir, 'list-loaded.cjs');
    const listFile = path.join(dir, `loaded-${Date.now()}.json`);
    writeFileSync(
      preload,
      `const v8 = require('node:v8');
const setFlags = v8.setFlagsFromString;
let late;
v8.setFlagsFromString = (flags) => {
  if (late === undefined && !flags.startsWith('--max-semi-space-size=')) late = process.moduleLoadList.length;
  return setFlags(flags);
};
process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_LIST, JSON.stringify({
  files: Object.keys(require.cache),
  lateNodeModules: late === undefined ? null
    : process.moduleLoadList.slice(late).filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)),
})));`,
    );
    const mock = spawnMock(
      process.execPath,
      [
        ...nodeOptions,
        '-r',
        preload,
        path.join(installed, entry[0] ?? ''),
        ...entry.slice(1),
        '--port',
        '0',
        '--quiet',
        ...args,
      ],
      app,
      { ...userEnv(), LOADED_LIST: listFile },
    );
    const { exited } = mock;
    try {
      const baseUrl = await mock.baseUrl;
      const model = await fetch(`${baseUrl}/model/openai/gpt-4o`, {
        headers: { authorization: 'Bearer sk-mock-user' },
      });
      expect(model.status).toBe(200);
    } finally {
      mock.child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    const record = JSON.parse(readFileSync(listFile, 'utf8')) as StartRecord;
    return { ...record, files: record.files.map((file) => path.relative(installed, file)) };
  }

  it('ships its bundled commands in ASCII only (a start decodes its bundle on the fast path)', () => {
    for (const { entry } of COMMANDS) {
      expect(nonAsciiPlaces(entry, readFileSync(path.join(installed, 'dist', entry)))).toEqual([]);
    }
  });

  async function filesLoadedByAStart(args: readonly string[]): Promise<string[]> {
    return (await recordAStart(args)).files;
  }

  // js-yaml parses the spec, ajv's core compiles validators: a start from the artefacts needs neither.
  const COMPILERS = /(^|\/)(js-yaml\/|ajv\/dist\/(core|2020|compile))/;

  it('starts model-gateway-mock from its one-file bundle and the precompiled spec and validators: no YAML parsing, no ajv compile', async () => {
    const loaded = await filesLoadedByAStart([]);
    const ours = loaded.filter((file) => file.startsWith(`dist${path.sep}`));
    // The bundle itself is not in require.cache on Node 20, which compiles it from the code cache.
    const bundle = ['dist/cli/mock.js', 'dist/cli/compile-cache.js', 'dist/cli/mock-main.js'];
    const artefact = path.join('dist', 'precompiled', 'contract-validators.js');
    expect(ours.filter((file) => !bundle.includes(file.split(path.sep).join('/')) && file !== artefact)).toEqual([]);
    expect(ours).toContain(artefact);
    expect(loaded.filter((file) => COMPILERS.test(file.split(path.sep).join('/')))).toEqual([]);
  }, 60_000);

  it('starts model-gateway mock from the same bundle, loading only the command and its registry besides', async () => {
    const { files: loaded, lateNodeModules } = await recordAStart([], startScriptNodeFlags(), [
      path.join('dist', 'cli', 'model-gateway.js'),
      'mock',
    ]);
    const ours = loaded.filter((file) => file.startsWith(`dist${path.sep}`)).map((f) => f.split(path.sep).join('/'));
    // The bundle itself (mock-main.js) is compiled from the code cache, outside require.cache, as for model-gateway-mock.
    expect(ours.sort()).toEqual(
      [
        'dist/cli/model-gateway.js',
        'dist/cli/commands/registry.js',
        'dist/cli/commands/mock.js',
        'dist/cli/commands/run-entry.js',
        'dist/cli/mock.js',
        'dist/cli/compile-cache.js',
        'dist/precompiled/contract-validators.js',
      ].sort(),
    );
    expect(lateNodeModules?.filter((name) => /^(http|net|crypto|vm|os)$/.test(name))).toEqual([]);
  }, 60_000);

  // With any V8 option set, V8 refuses the code node ships its own modules compiled with.
  it("loads node:http, node:crypto and node's other modules a start needs before it sets its V8 options", async () => {
    const { lateNodeModules } = await recordAStart([], startScriptNodeFlags());
    expect(startScriptNodeFlags()).toEqual(['--max-semi-space-size=8']);
    expect(lateNodeModules).not.toBeNull();
    const needed =
      /^(http|_http_(server|common|outgoing|incoming)|net|stream|crypto|cluster|dns|perf_hooks|async_hooks|vm|os|internal\/util\/parse_args\/parse_args)$/;
    expect(lateNodeModules?.filter((name) => needed.test(name))).toEqual([]);
  }, 60_000);

  it('compiles at start when --spec is a text the build did not see (the check above can tell)', async () => {
    const edited = path.join(dir, 'edited-openapi.yaml');
    writeFileSync(edited, `${readFileSync(path.join(installed, 'spec', 'openapi.yaml'), 'utf8')}\n# edited\n`);
    const loaded = await filesLoadedByAStart(['--spec', edited]);
    expect(loaded.filter((file) => COMPILERS.test(file.split(path.sep).join('/'))).length).toBeGreaterThan(0);
    expect(loaded).not.toContain(path.join('dist', 'precompiled', 'contract-validators.js'));
  }, 60_000);

  it('explains a bad --spec of model-gateway-mock --proxy in one line with exit 2 (the proxy is a file of its own)', async () => {
    const broken = path.join(dir, 'broken-openapi.yaml');
    writeFileSync(broken, 'openapi: 3.1.0\ninfo: [\n');
    const bin = path.join(app, 'node_modules', '.bin', 'model-gateway-mock');
    const failed = await run(bin, ['--proxy', 'http://127.0.0.1:9', '--port', '0', '--spec', broken], {
      cwd: app,
      env: userEnv(),
    }).then(
      () => undefined,
      (err: unknown) => err as { code?: number; stderr?: string },
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toMatch(/^mock: .*broken-openapi\.yaml:\d+:\d+: not valid YAML/);
    expect(failed?.stderr?.trim().split('\n')).toHaveLength(1);
  });

  it('prints the package name and version from each of its commands', async () => {
    const { version } = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as { version: string };
    for (const bin of ['model-gateway', 'model-gateway-mock', 'model-gateway-conformance']) {
      const { stdout } = await run(path.join(app, 'node_modules', '.bin', bin), ['--version'], {
        cwd: app,
        env: userEnv(),
      });
      expect(stdout.trim()).toBe(`model-gateway-mock ${version}`);
    }
  });

  it('runs model-gateway-mock --proxy --fail-on both in front of a gateway: one line per violation, reports at a group SIGTERM sent twice, exit 1 for a client finding', async () => {
    const gateway = createMockServer();
    const gatewayUrl = await gateway.listen(0, '127.0.0.1');
    const reportDir = path.join(dir, 'proxy-reports');
    const proxy = spawn(
      path.join(app, 'node_modules', '.bin', 'model-gateway-mock'),
      // A client finding fails the run only when asked (--fail-on client or both; the default judges the gateway).
      ['--proxy', gatewayUrl, '--port', '0', '--report-dir', reportDir, '--fail-on', 'both'],
      // A group of its own: the signal goes to the group, as a CI runner's cancel does.
      { cwd: app, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    let stdout = '';
    let stderr = '';
    proxy.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    proxy.stderr.setEncoding('utf8');
    const exited = new Promise<number | null>((resolve) => proxy.once('exit', resolve));
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        proxy.stdout.on('data', () => {
          const found = /^Model Gateway proxy listening on (http:\/\/\S+)$/m.exec(stdout)?.[1];
          if (found) resolve(found);
        });
        void exited.then((code) => reject(new Error(`the proxy exited (${code}): ${stderr}`)));
      });
      const line = new Promise<void>((resolve) =>
        proxy.stderr.on('data', (chunk: string) => {
          stderr += chunk;
          if (stderr.includes('\n')) resolve();
        }),
      );
      const res = await fetch(`${baseUrl}/model/openai/gpt-4o`);
      expect(res.status).toBe(401);
      await line;
      expect(stderr).toMatch(
        /^proxy: ✗ \[client\] request-valid · getModel · GET \/api\/v1\/model\/openai\/gpt-4o → 401: /,
      );
    } finally {
      // Twice, as when a parent (npm) passes the group's signal on: the second must not lose the reports.
      for (let i = 0; i < 2; i++) if (proxy.exitCode === null) process.kill(-(proxy.pid ?? 0), 'SIGTERM');
      await gateway.close();
    }
    expect(await exited).toBe(1);
    expect(readdirSync(reportDir).sort()).toEqual(['conformance.html', 'conformance.json', 'junit.xml']);
  }, 60_000);

  it('exits 2 with one line from npx model-gateway-conformance when the gateway is unreachable', async () => {
    const failed = await run(NPX, ['model-gateway-conformance', '--base-url', 'http://127.0.0.1:9/api/v1'], {
      cwd: app,
      env: { ...userEnv(), CONFORMANCE_API_KEY: 'k' },
    }).then(
      () => undefined,
      (err: { code?: number; stderr?: string }) => err,
    );
    expect(failed?.code).toBe(2);
    expect(
      failed?.stderr
        ?.trim()
        .split('\n')
        .filter((line) => !line.startsWith('npm warn')),
    ).toEqual([expect.stringMatching(/^conformance: /)]);
  });

  it.each([
    [
      'CommonJS',
      'use.cjs',
      `const { writeFileSync } = require('node:fs');
const { createMockServer, loadFixtures, runConformance, withScripts } = require('model-gateway-mock');
(async () => {
  writeFileSync('flow.json', JSON.stringify([{ name: 'ping', match: { equals: 'ping' }, reply: { text: 'pong' } }]));
  const mock = createMockServer({ fixtures: withScripts(loadFixtures(), 'flow.json') });
  const baseUrl = await mock.listen(0, '127.0.0.1');
  const report = await runConformance({ baseUrl, apiKey: 'sk-mock-user', only: 'getModel', propertyRuns: 0 });
  const answer = await fetch(baseUrl + '/responses', {
    method: 'POST',
    headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o', input: 'ping' }),
  }).then((res) => res.json());
  await mock.close();
  console.log(JSON.stringify({ passed: report.passed, pass: report.totals.pass, text: answer.output[0].content[0].text }));
})();`,
    ],
    [
      'ESM',
      'use.mjs',
      `import { runConformance } from 'model-gateway-mock';
const report = await runConformance({ only: 'getModel', propertyRuns: 0 });
console.log(JSON.stringify({ passed: report.passed, pass: report.totals.pass }));`,
    ],
  ])('runs createMockServer and runConformance from %s', async (_kind, name, code) => {
    writeFileSync(path.join(app, name), code);
    const { stdout } = await run(process.execPath, [name], { cwd: app, env: userEnv() });
    const result = JSON.parse(stdout) as { passed: boolean; pass: number; text?: string };
    expect(result.passed).toBe(true);
    expect(result.pass).toBeGreaterThan(0);
    // The CommonJS user also scripts an answer with withScripts (--scripts FILE from code).
    if (name === 'use.cjs') expect(result.text).toBe('pong');
  });

  it.each([
    ['node16', { module: 'node16', moduleResolution: 'node16' }],
    ['bundler', { module: 'esnext', moduleResolution: 'bundler' }],
    // The classic resolution (no "exports") of many CommonJS projects, without esModuleInterop.
    ['node10', { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: false }],
  ])(
    'type-checks a TypeScript user of the library and of the contract types (moduleResolution %s)',
    async (name, options) => {
      writeFileSync(
        path.join(app, `use-${name}.ts`),
        `import { createMockServer, loadFixtures, runConformance, withScripts } from 'model-gateway-mock';
import type { ConformanceReport, Fixtures, MockServer } from 'model-gateway-mock';
import type { components, paths } from 'model-gateway-mock/contract';

type ModelId = components['schemas']['Model']['id'];
type Author = paths['/model/{author}/{slug}']['get']['parameters']['path']['author'];

export async function check(id: ModelId, author: Author): Promise<boolean> {
  const fixtures: Fixtures = withScripts(loadFixtures(), 'flow.json');
  const mock: MockServer = createMockServer({ fixtures });
  const report: ConformanceReport = await runConformance({ baseUrl: await mock.listen(), apiKey: id + author, seed: 1 });
  await mock.close();
  return report.passed;
}
`,
      );
      writeFileSync(
        path.join(app, `tsconfig-${name}.json`),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            ...options,
            target: 'ES2022',
            noEmit: true,
            // A Node user has @types/node; the repository's copy stands in for theirs.
            typeRoots: [path.join(ROOT, 'node_modules', '@types')],
            types: ['node'],
            skipLibCheck: false,
          },
          files: [`use-${name}.ts`],
        }),
      );
      const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
      await expect(run(tsc, ['-p', `tsconfig-${name}.json`], { cwd: app })).resolves.toMatchObject({ stdout: '' });
    },
    60_000,
  );

  it('exports every name README.md and docs/*.md import from it, values at run time and types to tsc', async () => {
    const imports = docImports(ROOT);
    writeFileSync(path.join(app, 'doc-imports.ts'), importsProgram(imports));
    writeFileSync(
      path.join(app, 'tsconfig-doc-imports.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'node16',
          moduleResolution: 'node16',
          target: 'ES2022',
          noEmit: true,
          typeRoots: [path.join(ROOT, 'node_modules', '@types')],
          types: ['node'],
          // model-gateway-mock/msw's types name msw's, the user's own optional peer, absent here.
          skipLibCheck: true,
        },
        files: ['doc-imports.ts'],
      }),
    );
    const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
    const typed = await run(tsc, ['-p', 'tsconfig-doc-imports.json'], { cwd: app }).then(
      () => '',
      (err: { stdout: string }) => err.stdout,
    );
    expect(typed).toBe('');
    // Each value as a program gets it; the msw entries need msw, the user's own peer, so they are loaded only if it is there.
    const values = imports.flatMap((found) => found.values.map((name) => [found.module, name, found.place]));
    writeFileSync(
      path.join(app, 'doc-values.cjs'),
      `const missing = [];
let loaded = 0;
for (const [module, name, place] of ${JSON.stringify(values)}) {
  let exports;
  try { exports = require(module); } catch (err) {
    if (module.includes('/msw') && /Cannot find module 'msw/.test(err.message)) continue;
    throw err;
  }
  loaded++;
  if (exports[name] === undefined) missing.push(place + ': ' + name + ' from ' + module);
}
console.log(JSON.stringify({ missing, loaded }));`,
    );
    const { stdout } = await run(process.execPath, ['doc-values.cjs'], { cwd: app, env: userEnv() });
    const result = JSON.parse(stdout) as { missing: string[]; loaded: number };
    expect(result.missing).toEqual([]);
    expect(result.loaded).toBeGreaterThanOrEqual(values.filter(([module]) => module === 'model-gateway-mock').length);
  }, 60_000);

  it('holds every file and resolves every entry point README.md and docs/*.md name', async () => {
    const { entries, files: named } = docReferences(ROOT);
    expect(named.filter((file) => !files.includes(file))).toEqual([]);
    writeFileSync(
      path.join(app, 'doc-entries.cjs'),
      `const unresolved = [];
for (const entry of ${JSON.stringify(entries)}) {
  try { require.resolve(entry); } catch (err) { unresolved.push(entry + ': ' + err.code); }
}
console.log(JSON.stringify(unresolved));`,
    );
    const { stdout } = await run(process.execPath, ['doc-entries.cjs'], { cwd: app, env: userEnv() });
    expect(JSON.parse(stdout)).toEqual([]);
    expect(entries.length).toBeGreaterThan(0);
  });

  it('runs npx model-gateway --help, diff, check-version and docs on a spec outside any git repository', async () => {
    const npx = (args: readonly string[]) =>
      run(NPX, ['model-gateway', ...args], { cwd: app, env: userEnv(), maxBuffer: 16 * 1024 * 1024 }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (err: { code: number; stdout: string; stderr: string }) => ({
          code: err.code,
          stdout: err.stdout,
          stderr: err.stderr,
        }),
      );
    const help = await npx(['--help']);
    expect(help.code).toBe(0);
    for (const name of [
      'mock',
      'conformance',
      'diff',
      'check-version',
      'contract-check',
      'docs',
      'verify',
      'merge-reports',
    ])
      expect(help.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    const released = readFileSync(path.join(installed, 'spec', 'openapi.yaml'), 'utf8');
    writeFileSync(path.join(app, 'released.yaml'), released);
    // A model's id is no longer required in the answer, and info.version stays: breaking, without a major bump.
    writeFileSync(
      path.join(app, 'api.yaml'),
      released.replace(/^( {4}Model:\n(?: {6}.*\n)*? {6}required:\n) {8}- id\n/m, '$1'),
    );
    expect(readFileSync(path.join(app, 'api.yaml'), 'utf8')).not.toBe(released);
    const diff = await npx(['diff', '--spec', 'api.yaml', '--base-file', 'released.yaml']);
    expect(diff).toMatchObject({ code: 1, stdout: expect.stringMatching(/breaking/) });
    const gate = await npx(['check-version', '--spec', 'api.yaml', '--base-file', 'released.yaml']);
    expect(gate.code).toBe(1);
    expect(gate.stderr).toContain('without a major bump of info.version');
    const noBase = await npx(['check-version', '--spec', 'api.yaml']);
    expect(noBase.code).toBe(2);
    expect(noBase.stderr).toContain(
      'is not in a git work tree, so it has no earlier version here: pass --base-file FILE',
    );
    // The package leaves @redocly/cli optional: its absence is the user's to fix, in one line (exit 2).
    const docs = await npx(['docs', '--spec', 'api.yaml']);
    expect(docs.code).toBe(2);
    expect(docs.stderr).toBe(
      'model-gateway docs: rendering needs the Redocly CLI (@redocly/cli), not installed here: npm install --save-dev @redocly/cli\n',
    );
    const unknown = await npx(['dif']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Did you mean "diff"?');
  }, 60_000);

  it("type-checks a frontend project's scenarios and journal types without node's types (skipLibCheck false)", async () => {
    writeFileSync(
      path.join(app, 'use-frontend.ts'),
      `import type { JournalEntry, Scenario } from 'model-gateway-mock';

export const rateLimited: Scenario = { match: { operation: 'createResponse' }, respond: { status: 429 } };
export function modelOf(entry: JournalEntry): string | undefined {
  if (entry.operationId !== 'createResponse' || entry.body === null || typeof entry.body === 'string') return undefined;
  return entry.body.model;
}
`,
    );
    writeFileSync(
      path.join(app, 'tsconfig-frontend.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          module: 'esnext',
          moduleResolution: 'bundler',
          noEmit: true,
          // A browser app: no @types/node anywhere it looks.
          typeRoots: [],
          types: [],
          skipLibCheck: false,
        },
        files: ['use-frontend.ts'],
      }),
    );
    const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
    await expect(run(tsc, ['-p', 'tsconfig-frontend.json'], { cwd: app })).resolves.toMatchObject({ stdout: '' });
  }, 60_000);
});
