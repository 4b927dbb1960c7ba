/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/spec', '<rootDir>/mocks', '<rootDir>/conformance', '<rootDir>/scripts'],
  testMatch: ['**/*.test.ts'],
  transform: {
    // Type checking is `npm run typecheck`; jest only strips types, which keeps the suite fast.
    '^.+\\.ts$': ['ts-jest', { diagnostics: false }],
  },
  testTimeout: 20000,
};
