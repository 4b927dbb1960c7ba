import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.join(__dirname, '..', '..', '..', '..');

/**
 * Bundles client libraries for a page, as a frontend build does: `source` is the entry module
 * (e.g. `import OpenAI from 'openai'; globalThis.OpenAI = OpenAI;`), resolved from the repository's
 * node_modules with the libraries' browser builds. Returns one classic script.
 */
export async function bundleForBrowser(source: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
