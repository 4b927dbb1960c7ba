/**
 * A jest transform for the few dependencies published as ES modules only (msw 2.12+ requires
 * `rettime`, which Node loads through require(esm) but jest's module system cannot): esbuild
 * rewrites them to CommonJS. docs/browser-tests.md gives Jest users the same two lines.
 */
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, { format: 'cjs', loader: 'js', sourcefile: filename, sourcemap: true });
    return { code, map };
  },
};
