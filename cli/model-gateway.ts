#!/usr/bin/env node
/**
 * `model-gateway <command> [options]`: the package's one command (cli/commands/registry.ts lists
 * its subcommands). Only the subcommand that runs is loaded; `model-gateway mock` loads the same
 * files as `model-gateway-mock`, and nothing else, before the mock's entry sets V8's options.
 */
import { COMMANDS } from './commands/registry';
import type * as Overview from './commands/overview';

/** Exit status of a command line it cannot run (the same as every command's). */
const USAGE_ERROR = 2;

async function main(argv: readonly string[]): Promise<number> {
  const [first, ...rest] = argv;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only for help and errors
  const words = (): typeof Overview => require('./commands/overview') as typeof Overview;
  if (first === undefined) {
    process.stderr.write(`${words().overview()}\n`);
    return USAGE_ERROR;
  }
  if (first === '--help' || first === '-h') {
    process.stdout.write(`${words().overview()}\n`);
    return 0;
  }
  if (first === '--version' || first === '-v') return runCommand('mock', ['--version']);
  if (first === 'help') {
    if (rest[0] === undefined) {
      process.stdout.write(`${words().overview()}\n`);
      return 0;
    }
    return runCommand(rest[0], ['--help']);
  }
  return runCommand(first, rest);
}

async function runCommand(name: string, argv: string[]): Promise<number> {
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only for errors
    process.stderr.write(`${(require('./commands/overview') as typeof Overview).unknownCommand(name)}\n`);
    return USAGE_ERROR;
  }
  const module = await command.load();
  return module.run(argv);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(
      `model-gateway: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exitCode = USAGE_ERROR;
  },
);
