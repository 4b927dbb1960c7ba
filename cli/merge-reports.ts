#!/usr/bin/env node
/**
 * `model-gateway merge-reports` run on its own (in the repository: `npx tsx cli/merge-reports.ts
 * DIR… --report-dir OUT`): the subcommand's module (commands/merge-reports.ts) with the process's
 * exit status set from it.
 */
import { run } from './commands/merge-reports';

void run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
