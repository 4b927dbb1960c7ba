import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020';
import { PRECOMPILED_DIR, readArtefact, readManifest } from '../../../kit/contract/precompiled';
import type { Fixtures } from '../core/fixture-model/fixture-types';

/** Beside the contract's artefacts (kit/contract/precompiled.ts), written by scripts/precompile.ts. */
export const FIXTURES_VALIDATOR_FILE = 'fixtures-validator.js';
export const BUILTIN_FIXTURES_FILE = 'builtin-fixtures.json';

/**
 * The fixtures schema's validator compiled ahead, when it was compiled from a schema and a spec of
 * these hashes (its model objects are the spec's Model schema).
 */
export function precompiledFixturesValidator(
  schemaSha256: string,
  specSha256: string,
  dir: string = PRECOMPILED_DIR,
): ValidateFunction | undefined {
  const manifest = readManifest(dir);
  if (manifest?.fixturesSchemaSha256 !== schemaSha256 || manifest.specSha256 !== specSha256) return undefined;
  return readArtefact(
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- generated CommonJS, loaded only when it matches
    () => (require(path.join(dir, FIXTURES_VALIDATOR_FILE)) as { default: ValidateFunction }).default,
  );
}

/**
 * The built-in fixtures as loading them gives (validated, defaults filled, cross-checked), when
 * they were made from fixtures, a schema and a spec of these hashes; a fresh object every call.
 */
export function precompiledBuiltinFixtures(
  hashes: { readonly fixtures: string; readonly schema: string; readonly spec: string },
  dir: string = PRECOMPILED_DIR,
): Fixtures | undefined {
  const manifest = readManifest(dir);
  if (
    manifest?.builtinFixturesSha256 !== hashes.fixtures ||
    manifest.fixturesSchemaSha256 !== hashes.schema ||
    manifest.specSha256 !== hashes.spec
  )
    return undefined;
  return readArtefact(() => JSON.parse(readFileSync(path.join(dir, BUILTIN_FIXTURES_FILE), 'utf8')) as Fixtures);
}
