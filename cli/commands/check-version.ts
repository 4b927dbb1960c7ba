/** `model-gateway check-version`: a breaking change to a spec needs a major bump of info.version (diff/). */
import { CHECK_USAGE, runCheckVersion } from '../../diff/index';
import { commandIo } from './command-io';

export const help = CHECK_USAGE;

export function run(argv: string[]): Promise<number> {
  return Promise.resolve(runCheckVersion(argv, commandIo));
}
