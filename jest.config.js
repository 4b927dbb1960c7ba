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
    // docs/examples/: the examples the docs show, run as users run them (docs/browser-tests.md).
    '<rootDir>/docs',
  ],
  testMatch: ['**/*.test.ts'],
  transform: {
    // Type checking is `npm run typecheck`; jest only strips types, which keeps the suite fast.
    '^.+\\.ts$': ['ts-jest', { diagnostics: false }],
    // Dependencies published as ES modules only (msw's `rettime` and `until-async`) as CommonJS.
    '^.+\\.m?js$': '<rootDir>/kit/test/support/esm-transform.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async)/).*\\.c?js$'],
  testTimeout: 20000,
  // Unpacks the npm-shipped Chromium once, before the workers start (the HTML report and docs
  // tests), and makes the build's precompiled artefacts for the browser build's tests.
  globalSetup: '<rootDir>/kit/test/support/global-setup.js',
  moduleNameMapper: {
    // The browser build names dist/precompiled/ by literal paths (mocks/src/browser/shipped-setup.ts);
    // from the sources they are the ones the global setup made (kit/test/support/precompile-for-tests.js).
    '^(?:\\.\\./)+precompiled/(.*)$': '<rootDir>/node_modules/.cache/model-gateway-mock/precompiled/$1',
    // The package's own name, as a user's test imports it (docs/browser-tests.md).
    '^model-gateway-mock/msw$': '<rootDir>/mocks/msw.ts',
  },
};
