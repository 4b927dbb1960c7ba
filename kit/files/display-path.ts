import path from 'node:path';

/** A path as a person would type it: relative to the working directory when inside it, else as given. */
export function displayPath(file: string): string {
  if (file.startsWith('<')) return file; // `<memory>` and the like
  const relative = path.relative(process.cwd(), path.resolve(file));
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}
