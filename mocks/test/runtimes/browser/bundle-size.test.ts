/**
 * The browser build stays light: `createHandlers` bundled for a browser and minified, as a
 * frontend's production build makes it, is at most 1.5 MB. The tokenizer's ranks (2.7 MB) are
 * not in it; a page that asks for them (docs/examples/exact-token-counts.ts, `tokenRanks`) gets
 * them as a chunk of their own, loaded on demand.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { bundleWithSetup, precompiledFolder } from './bundle-with-setup';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const LIMIT_BYTES = 1.5 * 1024 * 1024;
const RANKS_BYTES = 2 * 1024 * 1024;

describe('the browser build of createHandlers', () => {
  it('is at most 1.5 MB minified', async () => {
    const script = await bundleWithSetup("export { createHandlers } from 'model-gateway-mock/msw';", 'esm', {
      minify: true,
    });
    expect(new TextEncoder().encode(script).byteLength).toBeLessThanOrEqual(LIMIT_BYTES);
  });

  it('splits the ranks a page asks for into a chunk of their own', async () => {
    const result = await build({
      entryPoints: [path.join(ROOT, 'docs', 'examples', 'exact-token-counts.ts')],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      write: false,
      outdir: path.join(ROOT, 'node_modules', '.cache', 'bundle-size'),
      logLevel: 'silent',
      nodePaths: [path.join(ROOT, 'node_modules')],
      plugins: [precompiledFolder],
      absWorkingDir: ROOT,
      alias: { 'model-gateway-mock/msw': './mocks/msw.ts' },
    });
    const sizes = result.outputFiles.map((file) => ({
      entry: file.path.includes('exact-token-counts'),
      bytes: file.contents.byteLength,
    }));
    expect(sizes.find((file) => file.entry)?.bytes).toBeLessThanOrEqual(LIMIT_BYTES);
    expect(sizes.filter((file) => !file.entry && file.bytes > RANKS_BYTES)).toHaveLength(1);
  });
});
