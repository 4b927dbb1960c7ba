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
    // The mock's core runs in browsers and workers too (see core-is-runtime-free in
    // .dependency-cruiser.cjs, which catches imports; this catches node's globals).
    files: ['mocks/src/{exchange,core,operations}/**/*.ts', 'mocks/src/runtimes/{fetch,msw,browser}/**/*.ts'],
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
