/**
 * `model-gateway conformance`: the suite's entry (cli/conformance.ts), which listens for SIGINT
 * and SIGTERM before anything else loads. Its options are in conformance/config/parse-cli.ts.
 */
import { runEntry } from './run-entry';

export const help = `Usage: model-gateway conformance [options]      (also: model-gateway-conformance; in the repository: npm run conformance --)

Runs the conformance suite against a gateway (--base-url URL, or --target FILE), or against the
mock started in-process; writes conformance.json, junit.xml and conformance.html, also when
cancelled. model-gateway conformance --help lists every option.`;

export function run(argv: string[]): Promise<number> {
  return runEntry(require.resolve('../conformance'), argv);
}
