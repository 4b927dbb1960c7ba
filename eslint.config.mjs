import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'reports/', 'generated/', 'coverage/', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Async mistakes are the bugs that lose a stream or leave a server running.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The mock runs in browsers and workers too, all of it but its node runtime and the node-only
    // rooms beside it (see mock-is-runtime-free-but-node in .dependency-cruiser.cjs, which catches
    // imports; this catches node's globals).
    files: ['mocks/src/**/*.ts'],
    ignores: [
      'mocks/src/runtimes/node/**',
      'mocks/src/fixture-loading/**',
      'mocks/src/prefer-examples/**',
      'mocks/src/api-docs/**',
      'mocks/src/watch/**',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', 'setImmediate', 'clearImmediate', '__dirname', '__filename', 'global'].map((name) => ({
          name,
          message: `${name} is node's: the core uses platform APIs (Uint8Array, TextEncoder, setTimeout, globalThis).`,
        })),
      ],
    },
  },
);
