/**
 * `model-gateway-mock` (in the repository: `npm start --`): serves the mock, or with --proxy checks
 * a real gateway's traffic against the spec. `--help` lists the options. Started by cli/mock.ts.
 */
import v8 from 'node:v8';
import { parseCliArgs, USAGE } from './mock-args';
import { explainStartError } from './start-errors';
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
  // --proxy, so that starting the mock does not pay for it (some 150 ms). In the built package it
  // is a file of its own, with its own copy of the errors it explains (serveProxy does so itself).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load, see above
  const { serveProxy } = require('./serve-proxy') as typeof ServeProxy;
  return serveProxy(settings, settings.proxyUrl);
}

main(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (err: unknown) => process.exit(explainStartError(err)),
);
