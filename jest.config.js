const { jestModuleNameMapper } = require('./kit/test/support/client-lines');

/**
 * ES modules jest must load through esbuild: the AI SDK's current major ships only those, and it
 * imports zod's locale files by their ES module path (`zod/v4/locales/en.js`).
 */
const ESM_PACKAGES = '(ai|@ai-sdk/[^/]+|@workflow/serde|zod)';

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
  ],
  testMatch: ['**/*.test.ts'],
  transform: {
    // Type checking is `npm run typecheck`; jest only strips types, which keeps the suite fast.
    '^.+\\.ts$': ['ts-jest', { diagnostics: false }],
    [`/node_modules/${ESM_PACKAGES}/.+\\.js$`]: '<rootDir>/kit/test/support/esm-to-cjs-transform.js',
  },
  transformIgnorePatterns: [`/node_modules/(?!${ESM_PACKAGES}/)`],
  // On Node 20 the client tests load the clients' last Node 20 line (kit/test/support/client-lines.js).
  moduleNameMapper: jestModuleNameMapper(),
  testTimeout: 20000,
  // Unpacks the npm-shipped Chromium once, before the workers start (the HTML report and docs tests).
  globalSetup: '<rootDir>/kit/test/support/extract-chromium.js',
};
