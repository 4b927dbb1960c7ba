/**
 * Jest transform for the client libraries that ship only as ES modules (`ai` 7, `@ai-sdk/*` 4 and
 * their helpers): jest's runtime loads modules as CommonJS, so their files are turned into
 * CommonJS with esbuild, unchanged otherwise. Dynamic `import()` becomes `require()` as well:
 * jest's CommonJS sandbox cannot run `import()` without Node's experimental VM modules flag.
 * jest.config.js lists the packages this applies to; all else in node_modules stays untransformed.
 */
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { transformSync } = require('esbuild');

/** This file's own text: a change to the transform must not reuse what jest cached from the last one. */
const SELF = readFileSync(__filename, 'utf8');

module.exports = {
  getCacheKey(source, filename) {
    return createHash('sha256').update(SELF).update(filename).update(source).update(process.version).digest('hex');
  },
  process(source, filename) {
    const { code, map } = transformSync(source, {
      format: 'cjs',
      loader: 'js',
      platform: 'node',
      target: `node${process.versions.node}`,
      supported: { 'dynamic-import': false },
      // `import.meta.url` as the file's own URL (msw 3's interceptors read a file beside themselves
      // by it); esbuild leaves it empty in CommonJS otherwise.
      ...(source.includes('import.meta.url')
        ? {
            define: { 'import.meta.url': '__esmImportMetaUrl' },
            banner: "const __esmImportMetaUrl = require('url').pathToFileURL(__filename).href;",
          }
        : {}),
      sourcemap: 'external',
      sourcefile: filename,
    });
    return { code, map };
  },
};
