/**
 * The Jest transform `model-gateway-mock/jest` installs: Jest's runtime loads modules as
 * CommonJS, and what a frontend test pulls in is partly published as ES modules only (msw 3 and
 * its dependencies, msw 2's `rettime`, `until-async` and `.mjs` helpers, the AI SDK). Each file
 * of node_modules that is an ES module (`.mjs`, or `.js` in a package of `"type": "module"`) is
 * turned into CommonJS, with esbuild where the project has it, else with TypeScript; every other
 * file is returned as it is. Dynamic `import()` becomes `require()` too (Jest's CommonJS sandbox
 * runs no `import()` without Node's experimental VM modules), and `import.meta.url` is the file's
 * own URL (msw 3's interceptors read a file beside themselves by it).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { esmToCjs } from './esm-to-cjs';

/** This file's own text: a change to the transform must not reuse what Jest cached from the last one. */
const SELF = readFileSync(__filename, 'utf8');

function getCacheKey(source: string, filename: string): string {
  return createHash('sha256').update(SELF).update(filename).update(source).update(process.version).digest('hex');
}

function transform(source: string, filename: string): { code: string; map?: string } {
  return isEsModule(filename) ? esmToCjs(source, filename) : { code: source };
}

/**
 * Jest's transformer: the module's default export, as Jest takes it from a module compiled from
 * ES syntax (`__esModule`), which this file is once built.
 */
const esmTransform = { getCacheKey, process: transform };
export default esmTransform;

const typeOfDir = new Map<string, boolean>();

/** Whether Node would load `filename` as an ES module: `.mjs`, or `.js` under `"type": "module"`. */
export function isEsModule(filename: string): boolean {
  if (filename.endsWith('.mjs')) return true;
  if (!filename.endsWith('.js')) return false;
  return inModulePackage(path.dirname(filename));
}

/** Whether the nearest package.json above `dir` says `"type": "module"`. */
function inModulePackage(dir: string): boolean {
  const known = typeOfDir.get(dir);
  if (known !== undefined) return known;
  let answer: boolean;
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { type?: unknown };
    answer = manifest.type === 'module';
  } catch {
    const parent = path.dirname(dir);
    answer = parent !== dir && inModulePackage(parent);
  }
  typeOfDir.set(dir, answer);
  return answer;
}
