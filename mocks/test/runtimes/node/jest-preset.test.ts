/**
 * `model-gateway-mock/jest` as a user's Jest config takes it: the docs' two Jest examples
 * (docs/examples/*.msw.test.ts), pasted into a project of their own whose config is
 * `withModelGatewayMock({ testEnvironment: 'jest-fixed-jsdom' })`, pass under each msw major the
 * running Node loads. The project's node_modules is this repository's; the package name points at
 * its sources (with ts-jest for them), as an installed package's dist/ would be. Jest runs in a
 * child process, in band, with tsx so that the config can require the helper's TypeScript.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MSW_LINES, mswName } from '../msw/surfaces';
import * as esbuild from 'esbuild';
import * as typescript from 'typescript';
import { isEsModule } from '../../../src/runtimes/node/jest/esm-transform';
import { withEsbuild, withTypescript } from '../../../src/runtimes/node/jest/esm-to-cjs';
import { withModelGatewayMock } from '../../../jest';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const run = promisify(execFile);
const EXAMPLES = ['chat.msw.test.ts', 'gateway.msw.test.ts'];

const EXAMPLE_CONFIG = readFileSync(path.join(ROOT, 'docs', 'examples', 'jest.config.js'), 'utf8');
const REQUIRE_HELPER = "require('model-gateway-mock/jest')";

/**
 * The project's jest.config.js: the docs' example as it is, the helper required from the sources;
 * then what points the package name at this repository's sources (an installed package's dist/).
 */
function jestConfig(line: string): string {
  const toMsw3 = line === 'msw' ? {} : { '^msw$': 'msw3', '^msw/(.*)$': 'msw3/$1' };
  const sources = {
    transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false, tsconfig: path.join(ROOT, 'tsconfig.json') }] },
    moduleNameMapper: {
      ...toMsw3,
      '^model-gateway-mock/msw$': path.join(ROOT, 'mocks', 'msw.ts'),
      '^model-gateway-mock/msw/node$': path.join(ROOT, 'mocks', 'msw-node.ts'),
      '^(?:\\.\\./)+precompiled/(.*)$': `${path.join(ROOT, 'node_modules', '.cache', 'model-gateway-mock', 'precompiled')}/$1`,
    },
  };
  return `${EXAMPLE_CONFIG.replace(REQUIRE_HELPER, `require(${JSON.stringify(path.join(ROOT, 'mocks', 'jest.ts'))})`)}
const sources = ${JSON.stringify(sources)};
module.exports.transform = { ...sources.transform, ...module.exports.transform };
module.exports.moduleNameMapper = sources.moduleNameMapper;
`;
}

describe.each(MSW_LINES.map((line) => [mswName(line), line] as const))(
  'model-gateway-mock/jest on %s',
  (_name, line) => {
    let project: string;

    beforeAll(() => {
      project = mkdtempSync(path.join(os.tmpdir(), 'jest-project-'));
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'), 'dir');
      writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'app', private: true }));
      writeFileSync(path.join(project, 'jest.config.js'), jestConfig(line));
      for (const example of EXAMPLES)
        copyFileSync(path.join(ROOT, 'docs', 'examples', example), path.join(project, example));
    });
    afterAll(() => rmSync(project, { recursive: true, force: true }));

    it("runs the docs' Jest examples as pasted, with the docs' Jest config, in jest-fixed-jsdom", async () => {
      expect(EXAMPLE_CONFIG).toContain(REQUIRE_HELPER);
      const jest = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
      const { stderr } = await run(
        process.execPath,
        ['--import', 'tsx', jest, '--ci', '--runInBand', '--json', '--outputFile=result.json'],
        {
          cwd: project,
          env: { ...process.env, NODE_OPTIONS: '' },
        },
      ).catch((error: { stderr?: string; stdout?: string }) => {
        throw new Error(`jest failed in the pasted project:\n${error.stderr ?? ''}${error.stdout ?? ''}`);
      });
      expect(stderr).toMatch(/Tests:\s+2 passed, 2 total/);
    }, 120_000);
  },
);

describe('which files the transform turns into CommonJS', () => {
  it('takes .mjs files and .js files of packages whose type is module, and leaves the rest', () => {
    const modules = path.join(ROOT, 'node_modules');
    expect(isEsModule(path.join(modules, 'ai', 'dist', 'index.js'))).toBe(true);
    expect(isEsModule(path.join(modules, '@open-draft', 'deferred-promise', 'build', 'index.mjs'))).toBe(true);
    expect(isEsModule(path.join(modules, 'msw', 'lib', 'node', 'index.js'))).toBe(false);
    expect(isEsModule(path.join(modules, 'openai', 'index.js'))).toBe(false);
  });

  it('puts the transform first and keeps the config, with babel-jest where it gave no transform', () => {
    const config = withModelGatewayMock({ testEnvironment: 'jest-fixed-jsdom' });
    expect(config.testEnvironment).toBe('jest-fixed-jsdom');
    expect(Object.values(config.transform)).toEqual([expect.stringContaining('esm-transform'), 'babel-jest']);
    expect(config.transformIgnorePatterns.some((pattern) => pattern.includes('node_modules'))).toBe(false);
  });
});

describe.each([
  ['esbuild', () => withEsbuild(esbuild)],
  ['TypeScript', () => withTypescript(typescript)],
])('an ES module turned into CommonJS with %s', (_name, compiler) => {
  it('exports what it exported, requires what it imported, and knows its own URL', () => {
    const source = [
      "import { join } from 'node:path';",
      'export const here = import.meta.url;',
      "export const joined = join('a', 'b');",
      "export const later = () => import('node:os');",
      'export default 42;',
    ].join('\n');
    const { code } = compiler()(source, '/tmp/example/index.mjs');
    const module = { exports: {} as Record<string, unknown> };
    new Function('module', 'exports', 'require', '__filename', code)(
      module,
      module.exports,
      require,
      '/tmp/example/index.mjs',
    );
    expect(module.exports).toMatchObject({
      here: 'file:///tmp/example/index.mjs',
      joined: path.join('a', 'b'),
      default: 42,
    });
    expect(code).not.toMatch(/\bimport\(/);
  });
});
