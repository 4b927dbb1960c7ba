import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { JsonObject } from '../json/guards';
import type { ContractValidatorsModule } from './compiled-validators';
import { validatorsByPointer } from './compiled-validators';

/**
 * What `npm run build` compiles ahead into `dist/precompiled/` (scripts/precompile.ts), so that a
 * start needs neither js-yaml nor ajv: the spec parsed to JSON, ajv's standalone code of the
 * validators every request runs, the fixtures schema's validator and the built-in fixtures already
 * validated. Each is keyed by the SHA-256 of the texts it was made from and used only when the
 * texts read at run time hash the same: an edited spec, schema or fixtures file (`--spec`,
 * `--fixtures`, `--watch`) is compiled and validated at run time as before, so a stale artefact
 * can cost time but never change what is accepted. From the sources (tsx, jest) there is no
 * such folder and everything is compiled at run time.
 */
export const PRECOMPILED_DIR = path.join(__dirname, '..', '..', 'precompiled');

export const MANIFEST_FILE = 'manifest.json';
export const CONTRACT_VALIDATORS_FILE = 'contract-validators.js';
/** The answers' validators (kit/stream/answer-schemas.ts): the suite and the proxy read them, the mock does not. */
export const ANSWER_VALIDATORS_FILE = 'answer-validators.js';
export const DOCUMENT_FILE = 'openapi.json';

/**
 * The shape of the artefacts and the ajv setup they were compiled with: raised whenever either
 * changes (createAjv's options, say), so that a build made by an older version is not used.
 */
export const PRECOMPILED_FORMAT = 2;

/** The hashes the artefacts were made from (hex SHA-256 of the file texts). */
export interface PrecompiledManifest {
  readonly format: number;
  readonly specSha256: string;
  readonly fixturesSchemaSha256: string;
  readonly builtinFixturesSha256: string;
}

/** The contract part: the parsed document and the validators by JSON pointer (`#/components/...`). */
export interface PrecompiledContract {
  readonly document: JsonObject;
  /** The requests' validators, loaded at once. */
  readonly validators: ReadonlyMap<string, ValidateFunction>;
  /** The answers' validators, loaded when first asked for; undefined when the file cannot be read. */
  readonly laterValidators: () => ReadonlyMap<string, ValidateFunction> | undefined;
}

export function sha256(text: string): string {
  return hash('sha256', text);
}

/**
 * The manifest of `dir`, or undefined when there is none (running from the sources) or it is of
 * another format.
 */
export function readManifest(dir: string = PRECOMPILED_DIR): PrecompiledManifest | undefined {
  let manifest: PrecompiledManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as PrecompiledManifest;
  } catch {
    return undefined;
  }
  return manifest.format === PRECOMPILED_FORMAT ? manifest : undefined;
}

/**
 * What `load` reads from an artefact folder, or undefined when it cannot be read whole (a build
 * under way, a file removed): the caller then compiles, as without the folder.
 */
export function readArtefact<T>(load: () => T): T | undefined {
  try {
    return load();
  } catch {
    return undefined;
  }
}

/** The document and validators compiled from a spec text of this hash, if `dir` holds them. */
export function precompiledContract(
  specSha256: string,
  dir: string = PRECOMPILED_DIR,
): PrecompiledContract | undefined {
  if (readManifest(dir)?.specSha256 !== specSha256) return undefined;
  return readArtefact(() => {
    const document = JSON.parse(readFileSync(path.join(dir, DOCUMENT_FILE), 'utf8')) as JsonObject;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- generated CommonJS, loaded only when it matches
    const compiled = require(path.join(dir, CONTRACT_VALIDATORS_FILE)) as ContractValidatorsModule;
    const laterValidators = () =>
      readArtefact(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- generated CommonJS, loaded on first use
        const answers = require(path.join(dir, ANSWER_VALIDATORS_FILE)) as ContractValidatorsModule;
        return validatorsByPointer(answers);
      });
    return { document, validators: validatorsByPointer(compiled), laterValidators };
  });
}
