/**
 * The browser build stays light: `createHandlers` bundled for a browser and minified, as a
 * frontend's production build makes it, is at most 1.5 MB. The tokenizer's ranks (2.7 MB) are
 * not in it unless a page asks for them (`tokenRanks`), and then as a chunk of their own.
 */
import { bundleWithSetup } from './bundle-with-setup';

const LIMIT_BYTES = 1.5 * 1024 * 1024;

describe('the browser build of createHandlers', () => {
  it('is at most 1.5 MB minified', async () => {
    const script = await bundleWithSetup("export { createHandlers } from 'model-gateway-mock/msw';", 'esm', {
      minify: true,
    });
    expect(new TextEncoder().encode(script).byteLength).toBeLessThanOrEqual(LIMIT_BYTES);
  });

});
