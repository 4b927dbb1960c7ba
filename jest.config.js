const { jestModuleNameMapper } = require('./kit/test/support/client-lines');

/**
 * ES modules jest must load through esbuild: the AI SDK's current major ships only those, and it
 * imports zod's locale files by their ES module path (`zod/v4/locales/en.js`); msw 2.12+ needs
 * `rettime` and `until-async`, published as ES modules only.
 */
const ESM_PACKAGES =
  '(msw3|@mswjs/interceptors|@msw/url|headers-polyfill|@open-draft/until|ai|@ai-sdk/[^/]+|@workflow/serde|zod|rettime|until-async)';

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/spec',
    '<rootDir>/kit',
    '<rootDir>/mocks',
    '<rootDir>/conformance',
    '<rootDir>/cli',
    '<rootDir>/proxy',
    '<rootDir>/scripts',
    '<rootDir>/diff',
    '<rootDir>/contract-check',
    '<rootDir>/api-docs',
    // docs/examples/: the examples the docs show, run as users run them (docs/browser-tests.md).
    '<rootDir>/docs',
  ],
  testMatch: ['**/*.test.ts'],
  transform: {
    // Type checking is `npm run typecheck`; jest only strips types, which keeps the suite fast.
    '^.+\\.ts$': ['ts-jest', { diagnostics: false }],
    [`/node_modules/${ESM_PACKAGES}/.+\\.js$`]: '<rootDir>/kit/test/support/esm-to-cjs-transform.js',
    // `.mjs` files are ES modules whatever package ships them (msw's helpers publish some).
    '/node_modules/.+\\.mjs$': '<rootDir>/kit/test/support/esm-to-cjs-transform.js',
  },
  // What msw3 nests in its own node_modules is its (ES module) dependencies' newer majors.
  transformIgnorePatterns: [`(?<!/msw3)/node_modules/(?!${ESM_PACKAGES}/).*\\.c?js$`],
  testTimeout: 20000,
  // Unpacks the npm-shipped Chromium once, before the workers start (the HTML report and docs
  // tests), and makes the build's precompiled artefacts for the browser build's tests.
  globalSetup: '<rootDir>/kit/test/support/global-setup.js',
  moduleNameMapper: {
    // On Node 20 the client tests load the clients' last Node 20 line (kit/test/support/client-lines.js).
    ...jestModuleNameMapper(),
    // The browser build names dist/precompiled/ by literal paths (mocks/src/runtimes/browser/shipped-setup.ts);
    // from the sources they are the ones the global setup made (kit/test/support/precompile-for-tests.js).
    '^(?:\\.\\./)+precompiled/(.*)$': '<rootDir>/node_modules/.cache/model-gateway-mock/precompiled/$1',
    // The package's own name, as a user's test imports it (docs/browser-tests.md).
    '^model-gateway-mock/msw$': '<rootDir>/mocks/msw.ts',
    '^model-gateway-mock/msw/node$': '<rootDir>/mocks/msw-node.ts',
  },
};
