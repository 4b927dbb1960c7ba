import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes a file so that a reader never sees half of it (a CI job collecting reports after a kill,
 * a browser reloading the page): the text goes to a temporary file beside it, then is renamed over.
 */
export function writeFileAtomic(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (err) {
    rmSync(temporary, { force: true });
    throw err;
  }
}
