/**
 * The subcommands of `model-gateway` (cli/model-gateway.ts), in the order its help lists them.
 * A command's module is loaded only when it runs: `model-gateway mock` starts as fast as the
 * mock's own entry. This file imports nothing, so that no node module is loaded before the mock's
 * entry sets V8's options (cli/mock.ts).
 */

/** What a subcommand module exports: its help text and its run, which resolves to the exit status. */
export interface CommandModule {
  readonly help: string;
  run(argv: string[]): Promise<number>;
}

export interface Command {
  readonly name: string;
  /** One line for `model-gateway --help`. */
  readonly summary: string;
  readonly load: () => Promise<CommandModule>;
}

export const COMMANDS: readonly Command[] = [
  {
    name: 'mock',
    summary: 'serve the mock (--proxy URL: check a real gateway, --record, --scripts, --watch)',
    // require, not import(): no ES module loader is started on the mock's start-up path.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
    load: () => Promise.resolve(require('./mock') as CommandModule),
  },
  {
    name: 'conformance',
    summary: 'run the conformance suite against a gateway, or the in-process mock',
    // require too: the sooner its entry holds SIGINT and SIGTERM, the shorter the time a cancel
    // would end the process without its reports.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
    load: () => Promise.resolve(require('./conformance') as CommandModule),
  },
  {
    name: 'verify',
    summary: 'judge recorded traffic (HAR 1.2, NDJSON of HAR entries, recordings) against the contract',
    load: () => import('./verify.js'),
  },
  {
    name: 'merge-reports',
    summary: 'merge the reports of shards, proxy replicas or verify runs into one (--report-dir OUT)',
    load: () => import('./merge-reports.js'),
  },
  {
    name: 'diff',
    summary: 'list what a change to a spec breaks (--spec FILE, --base REF or --base-file FILE)',
    load: () => import('./diff.js'),
  },
  {
    name: 'check-version',
    summary: 'fail a breaking change to a spec without a major bump of info.version',
    load: () => import('./check-version.js'),
  },
  {
    name: 'contract-check',
    summary: 'lint, diff, version gate and the suite on one spec, one exit code',
    load: () => import('./contract-check.js'),
  },
  {
    name: 'docs',
    summary: "write a spec's self-contained HTML reference",
    load: () => import('./docs.js'),
  },
];
