/**
 * Import direction, one way: spec → kit → mocks / conformance → proxy → cli, scripts
 * (`npm run lint:deps`). The kit is what the mock and the suite share; the mock and the suite
 * never import each other, so either can be taken alone. Tests may wire the sides together, but
 * only through the public surfaces (mocks/index.ts, conformance/index.ts). The proxy uses both,
 * through the same surfaces: the mock's request checks and the suite's answer checks and reports.
 * cli/ (the package's commands) and scripts/ (the repository's tools) sit at the top and may use
 * anything below them; index.ts, the package's surface, re-exports public surfaces only.
 */
const { builtinModules } = require('node:module');

/** Every module node brings (`fs`, `node:http`...), as dependency-cruiser names them. */
const NODE_BUILTINS = `^(node:)?(${builtinModules.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`;

/** The entries of the mock's runtime-free core: the core itself and the fetch adapter over it. */
const MOCK_CORE = '^mocks/src/(core/index|runtimes/fetch/fetch-adapter)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-is-runtime-free',
      severity: 'error',
      comment:
        "The mock's core and its fetch adapter run in browsers, service workers and workers (msw, a Cloudflare Worker): nothing they reach, types included, may be a node module (Buffer, fs, crypto, http...). What only node has goes in the node adapter (mocks/src/runtimes/node/) or the node setup, which hand the core what it needs already loaded.",
      from: { path: MOCK_CORE },
      to: { path: NODE_BUILTINS, reachable: true },
    },
    {
      name: 'msw-entry-is-runtime-free',
      severity: 'error',
      comment:
        'model-gateway-mock/msw (mocks/msw.ts) is bundled into pages and service-worker setups: like the core, nothing it reaches may be a node module. Its setup comes from the build as modules (mocks/src/runtimes/browser/), never from files.',
      from: { path: '^mocks/(msw\\.ts$|src/runtimes/(msw|browser)/)' },
      to: { path: NODE_BUILTINS, reachable: true },
    },
    {
      name: 'core-does-not-import-the-node-side',
      severity: 'error',
      comment:
        'The core and the fetch adapter know no adapter and no file loading: the node server, its adapter and its setup build on the core, never the other way round.',
      from: { path: MOCK_CORE },
      to: {
        path: '^mocks/src/runtimes/node/',
        reachable: true,
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one; split what both need into a third.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'generated-imports-nothing',
      severity: 'error',
      comment: 'generated/ is derived from spec/openapi.yaml alone.',
      from: { path: '^generated/' },
      to: { path: '^(kit|mocks|conformance|proxy|cli|scripts|spec)/' },
    },
    {
      name: 'spec-tests-use-the-kit-only',
      severity: 'error',
      comment: "spec/'s tests check the document with the kit's loader; the mock and the suite come later.",
      from: { path: '^spec/' },
      to: { path: '^(mocks|conformance|proxy|cli|scripts)/' },
    },
    {
      name: 'kit-stands-alone',
      severity: 'error',
      comment: 'kit/ is shared by the mock and the suite, so it imports neither (nor the commands and scripts).',
      from: { path: '^kit/' },
      to: { path: '^(mocks|conformance|proxy|cli|scripts)/' },
    },
    {
      name: 'mock-does-not-import-the-suite',
      severity: 'error',
      comment: 'The mock is used alone; what it shares with the suite lives in kit/.',
      from: { path: '^mocks/' },
      to: { path: '^(conformance|proxy|cli|scripts)/' },
    },
    {
      name: 'suite-does-not-import-the-mock',
      severity: 'error',
      comment: 'The suite checks any gateway; the in-process mock is handed to it by its caller.',
      from: { path: '^conformance/', pathNot: '^conformance/(test/|.*\\.test\\.ts$)' },
      to: { path: '^(mocks|proxy|cli|scripts)/' },
    },
    {
      name: 'suite-tests-use-the-mock-surface',
      severity: 'error',
      comment: "The suite's tests may start the mock, through mocks/index.ts as a user would.",
      from: { path: '^conformance/(test/|.*\\.test\\.ts$)' },
      to: { path: '^mocks/', pathNot: '^mocks/index\\.ts$' },
    },
    {
      name: 'suite-tests-do-not-import-scripts',
      severity: 'error',
      from: { path: '^conformance/' },
      to: { path: '^(proxy|cli|scripts)/' },
    },
    {
      name: 'proxy-uses-public-surfaces',
      severity: 'error',
      comment:
        "The proxy checks a real gateway's traffic with the mock's request checks and the suite's answer checks, through their public surfaces (mocks/index.ts, conformance/index.ts), so neither has to keep its insides stable for it.",
      from: { path: '^proxy/', pathNot: '^proxy/test/' },
      to: { path: '^(mocks|conformance)/', pathNot: '^(mocks|conformance)/index\\.ts$' },
    },
    {
      name: 'proxy-is-below-the-commands',
      severity: 'error',
      comment: 'cli/ starts the proxy (model-gateway-mock --proxy); the proxy is a library and knows no command.',
      from: { path: '^proxy/' },
      to: { path: '^(cli|scripts)/' },
    },
    {
      name: 'package-surface-uses-public-surfaces',
      severity: 'error',
      comment:
        "index.ts is what users of the package import: it re-exports the mock's and the suite's public surfaces, never their insides.",
      from: { path: '^index\\.ts$' },
      to: { path: '^(mocks|conformance|proxy)/', pathNot: '^(mocks|conformance|proxy)/index\\.ts$' },
    },
    {
      name: 'nothing-imports-the-package-surface',
      severity: 'error',
      comment: 'index.ts is the top; the code below it, and the commands, import what they need directly.',
      from: { pathNot: '^index\\.ts$' },
      to: { path: '^index\\.ts$' },
    },
    {
      name: 'commands-do-not-import-scripts',
      severity: 'error',
      comment:
        "cli/ ships in the package; scripts/ are the repository's own tools and do not. cli/'s tests do not ship: they may read what the scripts know of the repository (npm start's node options).",
      from: { path: '^cli/', pathNot: '^cli/test/' },
      to: { path: '^scripts/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|reports)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
