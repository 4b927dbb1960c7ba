import { createHash } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import nodeModule, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

/**
 * Runs a command's code (`file`: cli/mock-main.js, say) with its compiled code kept on disk, so
 * that from the second start on it is not compiled again. The built command (one file,
 * scripts/bundle-commands.ts) is compiled with V8's code cache by hand. The cache is written at
 * exit and then holds every function compiled so far, where Node's own compile cache (Node 22.1
 * and later, turned on here too for the other files a start loads) holds only what was compiled
 * with the file, and starts were some 15% slower with it alone on Node 24. It is written when
 * there was none, when V8 refused it (another Node, other flags), and when the run compiled
 * functions it did not hold: a first run that only printed `--help` leaves the code of the
 * command line alone, and a start with that cache took some 16 ms more than with a full one
 * (docs/performance.md), so the next run that serves completes it. NODE_COMPILE_CACHE names the
 * folder (default: the system's temporary folder); NODE_DISABLE_COMPILE_CACHE turns the cache
 * off, as for Node's own.
 * TypeScript sources (tsx) are simply required.
 */
export function runCommand(file: string): void {
  (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  const dir = file.endsWith('.js') ? cacheFolder() : undefined;
  if (dir === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- no cache: as a plain start
    require(file);
    return;
  }
  runWithCodeCache(file, dir);
}

/** `file` as a CommonJS module, compiled from the code cache in `dir` when V8 accepts it. */
function runWithCodeCache(file: string, dir: string): void {
  const bytes = readFileSync(file);
  // Keyed by the Node build, its options and the text (V8 checks its version and flags, and of the
  // text only the length): starts with other options keep caches of their own. The bytes are
  // hashed, not the string, which would be encoded again first.
  const key = createHash('sha256').update(process.execArgv.join('\0')).update('\0').update(bytes).digest('hex');
  const source = bytes.toString('utf8');
  const cacheFile = path.join(dir, `${process.version}-${process.arch}-${key.slice(0, 32)}`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(nodeModule.wrap(source.replace(/^#!.*/, '')), { filename: file, cachedData });
  const held = cachedData === undefined || script.cachedDataRejected === true ? 0 : cachedData.length;
  process.once('exit', () => writeCacheIfGrown(cacheFile, script, held));
  const commandModule = { exports: {} };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(commandModule.exports, commandModule.exports, createRequire(file), commandModule, file, path.dirname(file));
}

/**
 * A folder only this user may write to, or undefined (no cache): what is read from it is run as
 * code, so a folder someone else owns or may write to is not used.
 */
function cacheFolder(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  const dir = path.join(process.env.NODE_COMPILE_CACHE || os.tmpdir(), `model-gateway-mock-${uid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o022) === 0 ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes the code of every function compiled so far (the start's and the requests') when it is
 * more than the `held` bytes the cache gave: what V8 took from the cache is in it too, so it grows
 * only by functions the cache lacked (about 3 ms at exit for the mock's command). A cache used as
 * it was is marked as used (its time set to now); a write clears the folder of caches no run has
 * used for a month (other builds, versions and options), which would otherwise pile up.
 */
function writeCacheIfGrown(cacheFile: string, script: vm.Script, held: number): void {
  try {
    const data = script.createCachedData();
    if (data.length <= held) {
      utimesSync(cacheFile, new Date(), new Date());
      return;
    }
    const partial = `${cacheFile}.${process.pid}`;
    writeFileSync(partial, data, { mode: 0o600 });
    renameSync(partial, cacheFile);
    removeUnused(path.dirname(cacheFile), Date.now() - UNUSED_FOR_MS);
  } catch {
    // A cache that cannot be written costs the next start its compile, nothing else.
  }
}

/** A cache no run has used for this long is removed at the next write (another build or version, say). */
const UNUSED_FOR_MS = 30 * 24 * 60 * 60 * 1000;
/** `v20.20.2-x64-<32 hex>`, and the partial files of writes that did not finish (`.PID`). */
const CACHE_FILE = /^v\d+\.\d+\.\d+-\w+-[0-9a-f]{32}(\.\d+)?$/;

/** Removes the caches of `dir` last used (or written) before `before`, and nothing else. */
function removeUnused(dir: string, before: number): void {
  for (const name of readdirSync(dir)) {
    if (!CACHE_FILE.test(name)) continue;
    const file = path.join(dir, name);
    try {
      if (lstatSync(file).mtimeMs < before) rmSync(file, { force: true });
    } catch {
      // Removed by another process meanwhile: nothing to do.
    }
  }
}
