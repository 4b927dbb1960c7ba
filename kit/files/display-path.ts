/**
 * A path as a person would type it: relative to the working directory when inside it, else as
 * given. Written without node:path, as spec errors are also worded where there is no file system
 * (the mock's core in a browser, where there is no working directory either).
 */
export function displayPath(file: string): string {
  if (file.startsWith('<')) return file; // `<memory>` and the like
  const cwd = (globalThis as { process?: { cwd?: () => string } }).process?.cwd?.();
  if (!isAbsolute(file)) {
    const normalized = file.replace(/^(\.[\\/])+/, '');
    return normalized === '' || normalized.startsWith('..') ? file : normalized;
  }
  if (cwd === undefined) return file;
  const inside = file.slice(0, cwd.length) === cwd && (file[cwd.length] === '/' || file[cwd.length] === '\\');
  return inside && file.length > cwd.length + 1 ? file.slice(cwd.length + 1) : file;
}

function isAbsolute(file: string): boolean {
  return file.startsWith('/') || file.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(file);
}
