#!/usr/bin/env node
/**
 * `model-gateway verify` run on its own (in the repository: `npx tsx cli/verify.ts FILE…`): the
 * subcommand's module (commands/verify.ts) with the process's exit status set from it.
 */
import { run } from './commands/verify';

void run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
