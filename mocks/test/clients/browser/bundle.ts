import path from 'node:path';
import { build } from 'esbuild';
import { clientAliases } from '../../../../kit/test/support/client-lines';

const ROOT = path.join(__dirname, '..', '..', '..', '..');

/**
 * Bundles client libraries for a page, as a frontend build does: `source` is the entry module
 * (e.g. `import OpenAI from 'openai'; globalThis.OpenAI = OpenAI;`), resolved from the repository's
 * node_modules with the libraries' browser builds. Returns one classic script. On Node 20 the page
 * gets the same release lines as the Node side of the test (kit/test/support/client-lines.js): a
 * route handler on `ai` 6 talks to a page on `ai` 6, as one project's package.json would have it.
 */
export async function bundleForBrowser(source: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    alias: { ...clientAliases },
  });
  return result.outputFiles[0]!.text;
}
