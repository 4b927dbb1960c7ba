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
  },
  testTimeout: 20000,
  // Unpacks the npm-shipped Chromium once, before the workers start (the HTML report and docs tests).
  globalSetup: '<rootDir>/kit/test/support/extract-chromium.js',
};
