import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The root of this package: the nearest folder above this module that holds a package.json.
 * That is the repository when running from the TypeScript sources (kit/package/) or from a build
 * in dist/ (dist/kit/package/: dist/ has no package.json), and
 * node_modules/model-gateway-mock when installed. Files that ship beside the code (the spec,
 * the fixtures, the conformance targets, the docs page) are found from here, one way for all three.
 */
export const PACKAGE_ROOT = findPackageRoot(__dirname);

/** A file of the package by its path from the package root: `packageFile('spec', 'openapi.yaml')`. */
export function packageFile(...segments: string[]): string {
  return path.join(PACKAGE_ROOT, ...segments);
}

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}: the package is incomplete`);
  }
}
