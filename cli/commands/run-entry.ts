/**
 * Runs one of the package's command entries (cli/mock.ts, cli/conformance.ts) as a subcommand:
 * the entry reads its arguments from process.argv, so the subcommand's take their place. The
 * entry ends the process itself (the mock when stopped, the suite when its reports are written)
 * and sets its exit status, so the promise never settles.
 */
export function runEntry(entry: string, argv: readonly string[]): Promise<number> {
  process.argv.splice(2, process.argv.length - 2, ...argv);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the entry runs when loaded
  require(entry);
  return new Promise<number>(() => undefined);
}
