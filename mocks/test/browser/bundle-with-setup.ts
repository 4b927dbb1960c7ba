import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';

const ROOT = path.join(__dirname, '..', '..', '..');

let made: string | undefined;

/**
 * dist/precompiled/ as `npm run build` makes it, made afresh from the sources into a temporary
 * folder by the same command the build runs (once per test file).
 */
export function precompiledForTests(): string {
  if (made) return made;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mock-precompiled-'));
  const run = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join('scripts', 'precompile.ts'), dir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`precompile failed: ${run.stdout}${run.stderr}`);
  made = dir;
  return dir;
}

/**
 * The shipped setup's `../../../precompiled/<file>` (mocks/src/browser/shipped-setup.ts) names
 * dist/precompiled/ from the built package; bundling the sources, it is this folder instead.
 */
function precompiledFolder(dir: string): Plugin {
  return {
    name: 'precompiled-folder',
    setup(on) {
      on.onResolve({ filter: /\/precompiled\/[^/]+$/ }, (args) => ({ path: path.join(dir, path.basename(args.path)) }));
    },
  };
}

/**
 * Bundles `source` (an entry module resolved from the repository root) for a browser, as a
 * frontend build does: browser builds of the libraries, and no Node built-in to fall back on (one
 * on the way fails the build). Returns one script.
 */
export async function bundleWithSetup(source: string, format: 'iife' | 'esm' = 'iife'): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format,
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    // The artefacts sit in a temporary folder; what they require (ajv's runtime) is the repository's.
    nodePaths: [path.join(ROOT, 'node_modules')],
    plugins: [precompiledFolder(precompiledForTests())],
  });
  return result.outputFiles[0]!.text;
}
