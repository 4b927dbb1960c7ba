/** The console of a command that prints whole lines: its output and errors, and the folder it runs in. */
export const commandIo = {
  cwd: process.cwd(),
  out: (text: string): void => {
    process.stdout.write(`${text}\n`);
  },
  err: (text: string): void => {
    process.stderr.write(`${text}\n`);
  },
};
