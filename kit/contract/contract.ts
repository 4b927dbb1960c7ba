import { readFileSync } from 'node:fs';
import type * as JsYaml from 'js-yaml';
import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import { ContractError } from './contract-error';
import { packageFile } from '../package/package-files';
import { createContract } from './create-contract';
import { describeReadError } from '../files/describe-read-error';
import { precompiledContract, PRECOMPILED_DIR, sha256 } from './precompiled';
import type { Contract } from './contract-types';

export { ContractError } from './contract-error';
export type { ContractPlace } from './contract-error';
export { contractAjv, createContract, DOCUMENT_ID } from './create-contract';
export type { ContractPreparation } from './create-contract';
export type { Contract } from './contract-types';

/** The hand-written contract: the one source every validator, type and check is derived from. */
export const SPEC_PATH = packageFile('spec', 'openapi.yaml');

/**
 * Reads, parses and registers the document. Throws a ContractError naming the file, the place
 * (line and column for YAML, a JSON pointer past it) and the problem.
 */
export function loadContract(specPath: string = SPEC_PATH): Contract {
  return contractFromText(readSpecFile(specPath), specPath);
}

/** The text of a spec file; a ContractError naming the file when it cannot be read. */
export function readSpecFile(specPath: string): string {
  try {
    return readFileSync(specPath, 'utf8');
  } catch (err) {
    throw new ContractError(`cannot read the spec: ${describeReadError(err)}`, specPath);
  }
}

/**
 * Parses and registers a spec read from `specPath` (for messages); see loadContract. A text that
 * `npm run build` compiled ahead (kit/contract/precompiled.ts) is not parsed or compiled again.
 */
export function contractFromText(text: string, specPath: string, precompiledDir: string = PRECOMPILED_DIR): Contract {
  const textSha256 = sha256(text);
  const precompiled = precompiledContract(textSha256, precompiledDir);
  if (precompiled) return createContract(precompiled.document, specPath, { textSha256, ...precompiled });
  return createContract(parseSpecText(text, specPath), specPath, { textSha256 });
}

/** The document of a spec text: YAML (JSON is YAML too) holding an OpenAPI 3.1 document; a ContractError otherwise. */
export function parseSpecText(text: string, specPath: string): JsonObject {
  // Loaded here only: a start from a precompiled spec never parses YAML (js-yaml costs 15-40 ms to load).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { load: parseYaml, YAMLException } = require('js-yaml') as typeof JsYaml;
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (err) {
    if (err instanceof YAMLException)
      throw new ContractError(`not valid YAML: ${err.reason}`, specPath, {
        line: err.mark.line + 1,
        column: err.mark.column + 1,
      });
    throw new ContractError(`not valid YAML: ${(err as Error).message}`, specPath);
  }
  if (!isRecord(document)) {
    throw new ContractError('not an OpenAPI document: the file does not hold a mapping', specPath);
  }
  if (document.openapi === undefined) {
    throw new ContractError('missing: not an OpenAPI document', specPath, { pointer: '#/openapi' });
  }
  if (typeof document.openapi !== 'string' || !/^3\.1\.\d+/.test(document.openapi)) {
    throw new ContractError(
      `${JSON.stringify(document.openapi)} is not supported: the spec must be OpenAPI 3.1 (its schemas are JSON Schema 2020-12)`,
      specPath,
      { pointer: '#/openapi' },
    );
  }
  return document;
}
