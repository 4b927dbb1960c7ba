/**
 * The browser build's size as docs/browser-tests.md states it, measured:
 * `npx tsx mocks/test/runtimes/browser/bundle-sizes.ts` bundles `createHandlers` (and with msw's
 * `setupWorker`, as a page that starts the worker does) for a browser and minified, as a
 * frontend's production build does, on msw 2 (`msw`) and msw 3 (the dev alias `msw3`), and prints
 * the bytes. bundle-size.test.ts keeps the first at most 1.5 MB.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { precompiledFolder } from './bundle-with-setup';

const ROOT = path.join(__dirname, '..', '..', '..', '..');

const ENTRIES: ReadonlyArray<[string, string]> = [
  ['createHandlers', "export { createHandlers } from 'model-gateway-mock/msw';"],
  [
    'createHandlers and setupWorker',
    "export { createHandlers } from 'model-gateway-mock/msw'; export { setupWorker } from 'msw/browser';",
  ],
];

/** The minified bytes of `contents` bundled for a browser, with `msw` as the given package. */
export async function bundleBytes(contents: string, msw: 'msw' | 'msw3'): Promise<number> {
  const result = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    nodePaths: [path.join(ROOT, 'node_modules')],
    plugins: [precompiledFolder],
    absWorkingDir: ROOT,
    alias: { 'model-gateway-mock/msw': './mocks/msw.ts', ...(msw === 'msw3' ? { msw: 'msw3' } : {}) },
  });
  return result.outputFiles[0]!.contents.byteLength;
}

async function main(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the jest global setup's own CommonJS helper
  const { precompileForTests } = require('../../../../kit/test/support/precompile-for-tests.js') as {
    precompileForTests(): void;
  };
  precompileForTests();
  for (const msw of ['msw', 'msw3'] as const)
    for (const [name, contents] of ENTRIES) {
      const bytes = await bundleBytes(contents, msw);
      console.log(`${msw === 'msw' ? 'msw 2' : 'msw 3'}, ${name}: ${bytes} bytes (${Math.round(bytes / 1024)} KiB)`);
    }
}

if (require.main === module) void main();
