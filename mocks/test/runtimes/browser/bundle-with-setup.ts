import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';

const ROOT = path.join(__dirname, '..', '..', '..', '..');

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the jest global setup's own CommonJS helper
const { PRECOMPILED_FOR_TESTS } = require('../../../../kit/test/support/precompile-for-tests.js') as {
  PRECOMPILED_FOR_TESTS: string;
};

/**
 * The shipped setup's `../../../../precompiled/<file>` (mocks/src/runtimes/browser/shipped-setup.ts) names
 * dist/precompiled/ from the built package; bundling the sources, it is the folder jest's global
 * setup made as the build does (kit/test/support/precompile-for-tests.js).
 */
export const precompiledFolder: Plugin = {
  name: 'precompiled-folder',
  setup(on) {
    on.onResolve({ filter: /^(\.\.\/)+precompiled\/[^/]+$/ }, (args) => ({
      path: path.join(PRECOMPILED_FOR_TESTS, path.basename(args.path)),
    }));
  },
};

/**
 * Bundles `source` (an entry module, TypeScript, resolved from the repository root) for a
 * browser, as a frontend build does: browser builds of the libraries, and no Node built-in to
 * fall back on (one on the way fails the build). Returns one script.
 */
export async function bundleWithSetup(
  source: string,
  format: 'iife' | 'esm' = 'iife',
  { minify = false }: { readonly minify?: boolean } = {},
): Promise<string> {
  const result = await build({
    minify,
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format,
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    // The artefacts sit outside the repository; what they require (ajv's runtime) is its.
    nodePaths: [path.join(ROOT, 'node_modules')],
    plugins: [precompiledFolder],
    // The package's own name, as the docs' examples import it.
    absWorkingDir: ROOT,
    alias: { 'model-gateway-mock/msw': './mocks/msw.ts' },
  });
  return result.outputFiles[0]!.text;
}
