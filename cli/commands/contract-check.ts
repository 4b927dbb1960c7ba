/** `model-gateway contract-check`: every check of a change to a spec, one exit code (contract-check/). */
import { CONTRACT_USAGE, runContractCheck } from '../../contract-check/index';
import { commandIo } from './command-io';

export const help = CONTRACT_USAGE;

export function run(argv: string[]): Promise<number> {
  return runContractCheck(argv, commandIo);
}
