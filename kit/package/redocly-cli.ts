import { readFileSync } from 'node:fs';
import path from 'node:path';

/** How a user adds the Redocly CLI, which the package leaves optional (it is large, and only docs and lint need it). */
export const ADD_REDOCLY = 'npm install --save-dev @redocly/cli';

/**
 * The Redocly CLI's script (`redocly lint`, `redocly build-docs`), or undefined where it is not
 * installed: the package's docs build and the contract check's lint use it when it is there.
 */
export function redoclyCli(): string | undefined {
  try {
    const manifest = require.resolve('@redocly/cli/package.json');
    const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: Record<string, string> }).bin?.redocly;
    return bin === undefined ? undefined : path.join(path.dirname(manifest), bin);
  } catch {
    return undefined;
  }
}
