/** `model-gateway diff`: what a change to a spec breaks, for clients and for the mock (diff/). */
import { DIFF_USAGE, runSpecDiff } from '../../diff/index';
import { commandIo } from './command-io';

export const help = DIFF_USAGE;

export function run(argv: string[]): Promise<number> {
  return Promise.resolve(runSpecDiff(argv, commandIo));
}
