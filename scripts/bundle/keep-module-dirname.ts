import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * An esbuild plugin for bundles of compiled CommonJS: each module's `__dirname` and `__filename`
 * stay what they were before bundling (its own folder and file), instead of the bundle's.
 * The package finds the files it ships from its modules' folders (kit/package/package-files.ts:
 * PACKAGE_ROOT, kit/contract/precompiled.ts: PRECOMPILED_DIR); in a bundle written elsewhere those
 * lookups would miss, and the precompiled artefacts would silently not be used.
 *
 * `outDir` is the folder the bundle is written to: a module's folder is written as a path
 * relative to the bundle's own `__dirname`, so the package still works wherever it is installed.
 */
export function keepModuleDirname(outDir: string): Plugin {
  return {
    name: 'keep-module-dirname',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!/\b__(dirname|filename)\b/.test(text)) return undefined;
        return { contents: withModulePaths(text, path.relative(outDir, args.path)), loader: 'js' };
      });
    },
  };
}

/**
 * `text` (a module at `fromBundle`, relative to the bundle's folder) with `__dirname` and
 * `__filename` replaced by that module's own folder and file, worked out at run time from the
 * bundle's `__dirname`.
 */
export function withModulePaths(text: string, fromBundle: string): string {
  const at = (relative: string): string =>
    `require("node:path").join(__dirname, ${JSON.stringify(relative.split(path.sep).join('/'))})`;
  const dir = at(path.dirname(fromBundle));
  const file = at(fromBundle);
  return text.replace(/\b__(dirname|filename)\b/g, (name) => (name === '__dirname' ? dir : file));
}
