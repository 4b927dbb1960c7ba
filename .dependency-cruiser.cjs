/**
 * Import direction, one way: spec → kit → mocks / conformance → proxy, diff, contract-check,
 * api-docs → cli, scripts
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

/**
 * The mock's layers, bottom first: mocks/src/<folder>/ imports only the layers before it. A new
 * file is placed by its folder, never listed here.
 */
const MOCK_LAYERS = [
  [
    'exchange',
    'the ports (MockRequest, ReplySink), GatewayError and the one envelope writer, the pacer and SSE frames, small utilities: no stage, no operation, no runtime',
  ],
  [
    'core',
    'serve, its stages, state, spec facts, the journal, queued scenarios; it knows handlers only by their type: the handler table is handed to createCore (runtimes/build-mock.ts)',
  ],
  ['operations', 'the registry and one folder per operation, answering the same on every runtime'],
  [
    'fixture-loading|prefer-examples|api-docs',
    "what the node runtime loads and serves beside the core: fixture files, Prism's Prefer examples, the API reference pages",
  ],
  ['runtimes', 'node, fetch, msw, browser: each adapter, translating between its runtime and the core'],
  ['watch', 'watch mode: a node mock rebuilt when its spec or fixtures change'],
];

/** The mock's folders that only node runs (they read files, or run Prism): beside runtimes/node/. */
const NODE_ONLY = '^mocks/src/(runtimes/node|fixture-loading|prefer-examples|api-docs|watch)/';

/**
 * The suite's layers, bottom first; each folder imports only the layers before it, and the files
 * at conformance/'s top (run-conformance.ts, index.ts) sit above them all.
 */
const SUITE_LAYERS = [
  [
    'http|schema',
    "the wire (send, capture, the request and answer types, the gateway's names) and the schema's boundaries and samples",
  ],
  ['config', 'the resolved settings: flags, variables and the target file, checked once'],
  ['engine', 'what a check judges and how a failure is recorded: the verdict types, evaluation, recorders'],
  ['checks', 'one file per check, over the engine'],
  ['scenarios', 'the requests the suite sends, each with the checks that judge its answer'],
  ['run', 'one run: preflight, the phases, the suite result'],
  ['report', 'the outputs made from a suite result'],
  ['observe', "checking a live gateway's traffic (the proxy's side), with the engine, checks and reports"],
];

/**
 * One rule per layer of `layers` under `root`: nothing in a layer imports a layer after it, nor
 * (`top`) the files that sit above every layer.
 */
function layerRules(prefix, root, layers, top) {
  return layers
    .map(([folders, what], i) => {
      const above = layers.slice(i + 1).map(([names]) => names);
      const below = layers.slice(0, i).map(([names]) => names);
      const forbidden = [...(above.length > 0 ? [`^${root}(${above.join('|')})/`] : []), ...top];
      return {
        name: `${prefix}-${folders.split('|')[0]}-imports-no-layer-above`,
        severity: 'error',
        comment: `${root}${folders.replace('|', `/ and ${root}`)}/: ${what}. It imports only the layers below it (${below.join(' < ') || 'none'}).`,
        from: { path: `^${root}(${folders})/` },
        to: { path: forbidden },
      };
    })
    .filter((rule) => rule.to.path.length > 0);
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // The mock's layers and the suite's (MOCK_LAYERS, SUITE_LAYERS above).
    ...layerRules('mock', 'mocks/src/', MOCK_LAYERS, []),
    ...layerRules('suite', 'conformance/', SUITE_LAYERS, ['^conformance/[^/]+\\.ts$']),
    {
      name: 'mock-is-runtime-free-but-node',
      severity: 'error',
      comment:
        'Everything of the mock but its node runtime runs in browsers, service workers and workers (msw, a Cloudflare Worker): nothing it reaches, types included, may be a node module (Buffer, fs, crypto, http...) or the node runtime. What only node has goes in mocks/src/runtimes/node/ or a node-only room beside it (NODE_ONLY), which hand the core what it needs already loaded.',
      from: { path: '^mocks/(msw\\.ts$|src/)', pathNot: NODE_ONLY },
      to: { path: [NODE_BUILTINS, NODE_ONLY], reachable: true },
    },
    {
      name: 'mock-runtimes-stand-alone',
      severity: 'error',
      comment:
        "The fetch adapter and the browser setup are the runtimes the others build on (msw over both, node's createFetchHandler over fetch); they import no other runtime.",
      from: { path: '^mocks/src/runtimes/(fetch|browser)/' },
      to: { path: ['^mocks/src/runtimes/(node|msw)/', NODE_ONLY] },
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
      name: 'commands-use-public-surfaces',
      severity: 'error',
      comment:
        "cli/ (the package's commands) is built from the public surfaces alone (mocks/index.ts, conformance/index.ts, proxy/index.ts, diff/index.ts, contract-check/index.ts, api-docs/index.ts) and kit/, so a layer's insides can move without breaking a command; what a command needs is exported there. cli/'s tests may wire insides.",
      from: { path: '^cli/', pathNot: '^cli/test/' },
      to: {
        path: '^(mocks|conformance|proxy|diff|contract-check|api-docs)/',
        pathNot: '^(mocks|conformance|proxy|diff|contract-check|api-docs)/index\\.ts$',
      },
    },
    {
      name: 'tools-are-below-the-commands',
      severity: 'error',
      comment:
        "The diff, the contract check and the docs build ship in the package as rooms of their own, under the commands that run them: none imports cli/ or the repository's scripts/.",
      from: { path: '^(diff|contract-check|api-docs)/' },
      to: { path: '^(cli|scripts)/' },
    },
    {
      name: 'tools-use-the-diff-surface',
      severity: 'error',
      comment: 'The contract check and the docs build use the diff through diff/index.ts, as the commands do.',
      from: { path: '^(contract-check|api-docs)/' },
      to: { path: '^diff/', pathNot: '^diff/index\\.ts$' },
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
