import nodeModule from 'node:module';

/**
 * Turns on Node's on-disk cache of compiled code (Node 22.1 and later; the directory is
 * NODE_COMPILE_CACHE or the system's temporary folder, NODE_DISABLE_COMPILE_CACHE turns it off):
 * from the second start on, the command's code is not compiled again. Called by each command's
 * entry before it loads the command's code, since only modules compiled afterwards are cached.
 * Node 20 has no such function, and starts as before.
 */
export function enableCompileCache(): void {
  (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
}
