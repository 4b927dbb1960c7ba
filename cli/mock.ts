#!/usr/bin/env node
/**
 * `model-gateway-mock` (in the repository: `npm start --`): serves the mock, or with --proxy checks
 * a real gateway's traffic against the spec. `--help` lists the options.
 */
import v8 from 'node:v8';
import { ContractError } from '../kit/contract/contract';
import { FixturesError } from '../mocks/src/fixtures/fixtures-error';
import { CliError, parseCliArgs, USAGE } from './mock-args';
import { serveMock } from './serve-mock';
import { packageVersion } from '../kit/package/package-version';
import type * as ServeProxy from './serve-proxy';

// The mock is a dev tool running beside the app under test, so V8 may grow the heap by only 20%
// over what survived the last full GC instead of its default (which assumes a 4 GB limit on this
// kind of machine): peak RSS under load falls from about 210 to 150 MB for some 10% more CPU on
// the cheapest requests. V8 reads this factor at every GC, so setting it at run time works;
// it is set here, in the process entry, because it applies to the whole process.
v8.setFlagsFromString('--heap-growing-percent=20');
// No allocation-site pretenuring: under a steady load of POST /responses, V8 would now and then
// decide to allocate some short-lived objects straight in the old generation. Dead but unmarked,
// they keep the young objects they point to alive through every scavenge until the next full
// GC: a quarter of the young generation survived instead of under 1%, scavenges took 5-7 ms, and
// a POST cost about 60 µs of CPU instead of about 30 in three processes out of four.
v8.setFlagsFromString('--no-allocation-site-pretenuring');

async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const settings = parseCliArgs(argv, env);
  if (settings.help) {
    console.log(USAGE);
    return 0;
  }
  if (settings.version) {
    console.log(packageVersion());
    return 0;
  }
  if (settings.proxyUrl === undefined) return serveMock(settings);
  // The proxy brings the conformance suite (its HTTP client, property testing): loaded only with
  // --proxy, so that starting the mock does not pay for it (some 150 ms).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load, see above
  const { serveProxy } = require('./serve-proxy') as typeof ServeProxy;
  return serveProxy(settings, settings.proxyUrl);
}

/**
 * Start-up problems are lines to read, not stack traces: a bad flag, spec or fixtures file is one
 * line per problem naming the file, the place and what is wrong, with exit status 2. Anything
 * else is a bug of the mock: its stack, and exit status 1.
 */
function explain(err: unknown): number {
  if (err instanceof CliError) {
    console.error(`mock: ${err.message} (see --help)`);
    return 2;
  }
  if (err instanceof ContractError || err instanceof FixturesError) {
    for (const line of err.message.split('\n')) console.error(`mock: ${line}`);
    return 2;
  }
  console.error(err);
  return 1;
}

main(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (err: unknown) => process.exit(explain(err)),
);
