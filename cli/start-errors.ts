import { ContractError } from '../kit/contract/contract';
import { FixturesError } from '../mocks/src/fixture-loading/fixtures-error';
import { CliError } from './mock-args';

/**
 * Start-up problems are lines to read, not stack traces: a bad flag, spec or fixtures file is one
 * line per problem naming the file, the place and what is wrong, with exit status 2. Anything
 * else is a bug of the mock: its stack, and exit status 1.
 */
export function explainStartError(err: unknown): number {
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
