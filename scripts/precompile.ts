/**
 * A step of `npm run build` (scripts/build.ts): writes what a start would otherwise work out
 * every time into dist/precompiled/ (kit/contract/precompiled.ts reads it):
 *   openapi.json            the spec parsed (no js-yaml at start)
 *   contract-validators.js  ajv's standalone code of every request validator (parameters, JSON bodies)
 *   answer-validators.js    the same of every answer's (bodies, headers, stream events), read on first use
 *   fixtures-validator.js   the fixtures schema's validator
 *   builtin-fixtures.json   the built-in fixtures, validated, defaults filled, cross-checked
 *   manifest.json           the SHA-256 of the texts they were made from, written last
 * Everything is made afresh from the sources with the same ajv setup the run-time path uses
 * (contractAjv, fixturesAjv); nothing here reads an earlier output.
 *
 * Usage: tsx scripts/precompile.ts [OUT_DIR]   (default dist/precompiled)
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import standaloneCode from 'ajv/dist/standalone';
import type { JsonObject } from '../kit/json/guards';
import { contractAjv, createContract, parseSpecText, DOCUMENT_ID, SPEC_PATH } from '../kit/contract/contract';
import { listOperations } from '../kit/contract/operations';
import { answerSchemaPointers } from '../kit/stream/answer-schemas';
import type { PrecompiledManifest } from '../kit/contract/precompiled';
import {
  ANSWER_VALIDATORS_FILE,
  CONTRACT_VALIDATORS_FILE,
  DOCUMENT_FILE,
  MANIFEST_FILE,
  PRECOMPILED_FORMAT,
  sha256,
} from '../kit/contract/precompiled';
import { fixturesAjv } from '../mocks/src/fixture-loading/validate-fixtures-schema';
import { BUILTIN_FIXTURES_FILE, FIXTURES_VALIDATOR_FILE } from '../mocks/src/fixture-loading/precompiled-fixtures';
import { builtinFixturesPath, fixturesSchemaPath } from '../mocks/src/fixture-loading/fixtures-paths';
import { parseFixtures } from '../mocks/src/fixture-loading/load-fixtures';

export interface PrecompileSources {
  readonly specPath: string;
  readonly fixturesSchemaPath: string;
  readonly builtinFixturesPath: string;
}

const DEFAULT_SOURCES: PrecompileSources = {
  specPath: SPEC_PATH,
  fixturesSchemaPath: fixturesSchemaPath(),
  builtinFixturesPath: builtinFixturesPath(),
};

/** Writes the artefacts into `outDir` (emptied first); returns the manifest written. */
export function precompile(outDir: string, sources: PrecompileSources = DEFAULT_SOURCES): PrecompiledManifest {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const specText = readFileSync(sources.specPath, 'utf8');
  const document = parseSpecText(specText, sources.specPath);
  // In memory (no text hash): every validator below is compiled and checked now, never taken from a build.
  const contract = createContract(document, sources.specPath);

  const pointers = new Set<string>();
  for (const operation of listOperations(contract)) {
    for (const parameter of operation.parameters) pointers.add(parameter.schemaPointer);
    for (const pointer of operation.requestBody?.content.values() ?? []) pointers.add(pointer);
  }
  writeFileSync(path.join(outDir, CONTRACT_VALIDATORS_FILE), validatorsModule(document, sources.specPath, pointers));
  const answers = answerSchemaPointers(contract).filter((pointer) => !pointers.has(pointer));
  writeFileSync(path.join(outDir, ANSWER_VALIDATORS_FILE), validatorsModule(document, sources.specPath, answers));
  writeFileSync(path.join(outDir, DOCUMENT_FILE), JSON.stringify(document));

  const schemaText = readFileSync(sources.fixturesSchemaPath, 'utf8');
  const schema = JSON.parse(schemaText) as { $id: string };
  const fixtures = fixturesAjv(schema, contract, { standalone: true });
  writeFileSync(path.join(outDir, FIXTURES_VALIDATOR_FILE), standaloneCode(fixtures, fixtures.compile(schema)));

  const fixturesText = readFileSync(sources.builtinFixturesPath, 'utf8');
  const builtin = parseFixtures(JSON.parse(fixturesText), sources.builtinFixturesPath, contract);
  writeFileSync(path.join(outDir, BUILTIN_FIXTURES_FILE), JSON.stringify(builtin));

  const manifest: PrecompiledManifest = {
    format: PRECOMPILED_FORMAT,
    specSha256: sha256(specText),
    fixturesSchemaSha256: sha256(schemaText),
    builtinFixturesSha256: sha256(fixturesText),
  };
  writeFileSync(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** ajv's standalone code of the validators of `pointers`, and which export validates which (compiled-validators.ts). */
function validatorsModule(document: JsonObject, specPath: string, pointers: Iterable<string>): string {
  const exportOf = Object.fromEntries([...pointers].map((pointer, i) => [pointer, `v${i}`]));
  const ajv = contractAjv(document, specPath, { standalone: true });
  const refs = Object.fromEntries(Object.entries(exportOf).map(([pointer, name]) => [name, DOCUMENT_ID + pointer]));
  return `${standaloneCode(ajv, refs)}\nexports.pointers = ${JSON.stringify(exportOf)};\n`;
}

if (require.main === module) {
  const out = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'dist', 'precompiled'));
  precompile(out);
  console.log(`precompiled validators, spec and built-in fixtures written to ${out}`);
}
