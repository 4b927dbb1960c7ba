/**
 * Jest transform for the client libraries that ship only as ES modules (`ai` 7, `@ai-sdk/*` 4 and
 * their helpers): jest's runtime loads modules as CommonJS, so their files are turned into
 * CommonJS with esbuild, unchanged otherwise. Dynamic `import()` becomes `require()` as well:
 * jest's CommonJS sandbox cannot run `import()` without Node's experimental VM modules flag.
 * jest.config.js lists the packages this applies to; all else in node_modules stays untransformed.
 */
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      format: 'cjs',
      loader: 'js',
      platform: 'node',
      target: `node${process.versions.node}`,
      supported: { 'dynamic-import': false },
      sourcemap: 'external',
      sourcefile: filename,
    });
    return { code, map };
  },
};
