/**
 * `model-gateway-mock` (in the repository: `npm start --`): serves the mock, or with --proxy checks
 * a real gateway's traffic against the spec. `--help` lists the options. Started by cli/mock.ts.
 */
import { parseCliArgs, USAGE } from './mock-args';
import { explainStartError } from './start-errors';
import { serveMock } from './serve-mock';
import { packageVersion } from '../kit/package/package-version';
import { keepTickShape } from './keep-tick-shape';
import type * as ServeProxy from './serve-proxy';

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
  // Both the mock and the proxy serve until stopped, idle at times: the shape of node's nextTick
  // entries outlives the full GCs V8 makes meanwhile (keep-tick-shape.ts).
  void keepTickShape();
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
