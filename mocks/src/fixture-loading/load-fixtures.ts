import { readFileSync } from 'node:fs';
import type { Contract } from '../../../kit/contract/contract-types';
import { loadContract } from '../../../kit/contract/contract';
import { apiBasePath } from '../core/spec-facts/api-paths';
import { checkAccess } from './check-access';
import { checkCatalog } from './check-catalog';
import { checkScripts } from './check-scripts';
import { FixturesError } from './fixtures-error';
import { builtinFixturesPath, fixturesSchemaPath } from './fixtures-paths';
import { precompiledBuiltinFixtures } from './precompiled-fixtures';
import { PRECOMPILED_DIR, sha256 } from '../../../kit/contract/precompiled';
import type { Fixtures } from '../core/fixture-model/fixture-types';
import { parseJsonText } from './parse-json-text';
import { validateFixturesSchema } from './validate-fixtures-schema';
import { describeReadError } from '../../../kit/files/describe-read-error';
import { displayPath } from '../../../kit/files/display-path';

/**
 * Reads and validates a fixtures file; without a path, the built-in mocks/fixtures/default.json.
 * Model objects are checked against `contract`'s Model schema (by default spec/openapi.yaml's).
 * Every failure is a FixturesError whose message names the file and each bad field.
 */
export function loadFixtures(
  file?: string,
  contract: Contract = loadContract(),
  precompiledDir: string = PRECOMPILED_DIR,
): Fixtures {
  const resolved = file ?? builtinFixturesPath();
  const sourceName = file ?? displayPath(resolved);
  let text: string;
  try {
    text = readFileSync(resolved, 'utf8');
  } catch (error) {
    throw new FixturesError(sourceName, [{ path: '', message: `cannot be read: ${describeReadError(error)}` }]);
  }
  const ready = alreadyLoaded(text, contract, precompiledDir);
  if (ready) return ready;
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new FixturesError(sourceName, [parsed.issue]);
  return parseFixtures(parsed.value, sourceName, contract, precompiledDir);
}

/**
 * The fixtures `npm run build` loaded ahead (the built-in ones), when this text, the fixtures
 * schema and the contract's spec text hash as they did then: loading them again would give the same.
 */
function alreadyLoaded(text: string, contract: Contract, precompiledDir: string): Fixtures | undefined {
  if (contract.textSha256 === undefined) return undefined;
  return precompiledBuiltinFixtures(
    { fixtures: sha256(text), schema: sha256(readFileSync(fixturesSchemaPath(), 'utf8')), spec: contract.textSha256 },
    precompiledDir,
  );
}

/**
 * Validates already-parsed fixtures: first the JSON Schema, then the rules it cannot express
 * (duplicates, references between sections, regexes). Returns a copy with schema defaults
 * filled in; the argument is left untouched.
 */
export function parseFixtures(
  json: unknown,
  sourceName: string,
  contract: Contract = loadContract(),
  precompiledDir: string = PRECOMPILED_DIR,
): Fixtures {
  const data = structuredClone(json);
  const schemaIssues = validateFixturesSchema(data, contract, precompiledDir);
  if (schemaIssues.length > 0) throw new FixturesError(sourceName, schemaIssues);
  // Past the schema the shape is known, so cross-references can be checked safely.
  const fixtures = data as Fixtures;
  const issues = [
    ...checkAccess(fixtures),
    ...checkCatalog(fixtures, apiBasePath(contract)),
    ...checkScripts(fixtures),
  ];
  if (issues.length > 0) throw new FixturesError(sourceName, issues);
  return fixtures;
}
