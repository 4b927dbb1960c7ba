/**
 * `model-gateway mock`: the mock's entry (cli/mock.ts), so it starts as fast as
 * `model-gateway-mock`. Its options are in cli/mock-args.ts, which this file does not load.
 */
import { runEntry } from './run-entry';

export const help = `Usage: model-gateway mock [options]      (also: model-gateway-mock; in the repository: npm start --)

Serves the mock of the Model Gateway API; with --proxy URL, checks a real gateway's traffic
against the spec instead (--record FILE keeps it, --scripts FILE replays it), and with --watch
reloads the spec and fixtures when they change. model-gateway mock --help lists every option.`;

export function run(argv: string[]): Promise<number> {
  return runEntry(require.resolve('../mock'), argv);
}
