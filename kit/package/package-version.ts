import { readFileSync } from 'node:fs';
import { packageFile } from './package-files';

/**
 * The version of this package, as its package.json says (what `--version` prints): read from the
 * package root, so the repository, a build and an installed copy all answer alike.
 */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { name?: string; version?: string };
  return `${manifest.name ?? 'model-gateway-mock'} ${manifest.version ?? 'unknown'}`;
}
