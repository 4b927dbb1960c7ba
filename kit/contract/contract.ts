import { readFileSync } from 'node:fs';
import type Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import type * as JsYaml from 'js-yaml';
import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import { valueAt } from '../json/json-pointer';
import { ContractError } from './contract-error';
import { packageFile } from '../package/package-files';
import { createAjv } from './create-ajv';
import type { AjvNeeds } from './create-ajv';
import { locateSchemaError } from './locate-schema-error';
import { describeReadError } from '../files/describe-read-error';
import { precompiledContract, PRECOMPILED_DIR, sha256 } from './precompiled';
import type { Contract } from './contract-types';

export { ContractError } from './contract-error';
export type { ContractPlace } from './contract-error';
export type { Contract } from './contract-types';

/** The hand-written contract: the one source every validator, type and check is derived from. */
export const SPEC_PATH = packageFile('spec', 'openapi.yaml');

/** Id under which the whole document is registered with ajv; pointers resolve against it. */
export const DOCUMENT_ID = 'openapi.json';

/** Keys at the top of an OpenAPI document, and OpenAPI-only schema keywords: annotations for ajv. */
const OPENAPI_VOCABULARY = [
  'openapi',
  'info',
  'servers',
  'paths',
  'components',
  'security',
  'tags',
  'externalDocs',
  'jsonSchemaDialect',
  'webhooks',
  'discriminator',
  'example',
  'xml',
];

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
  if (precompiled)
    return createContract(precompiled.document, specPath, { textSha256, validators: precompiled.validators });
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

/** What is known of a document before it is registered: the hash of its text, validators compiled ahead. */
export interface ContractPreparation {
  readonly textSha256?: string;
  /**
   * Validators compiled ahead from this very document, by JSON pointer. With them, the document
   * is taken as checked (it was, when they were compiled) and ajv is made only when a validator
   * not among them is asked for.
   */
  readonly validators?: ReadonlyMap<string, ValidateFunction>;
}

export function createContract(
  document: JsonObject,
  specPath = '<memory>',
  prepared: ContractPreparation = {},
): Contract {
  let registered: Ajv2020 | undefined;
  const ajv = (): Ajv2020 => (registered ??= contractAjv(document, specPath));
  // A document nobody checked yet is checked now: ajv validates it against the 2020-12 meta-schema.
  if (!prepared.validators) ajv();

  const validators = new Map<string, ValidateFunction>(prepared.validators);
  const at = <T>(pointer: string): T => {
    const value = valueAt(document, pointer);
    if (value === undefined) throw new ContractError('does not resolve', specPath, { pointer });
    return value as T;
  };

  return {
    specPath,
    document,
    get ajv() {
      return ajv();
    },
    textSha256: prepared.textSha256,
    at,
    resolve<T>(value: unknown): T {
      let current = value;
      for (let hops = 0; isRecord(current) && typeof current.$ref === 'string'; hops++) {
        if (hops > 32) throw new ContractError('$ref cycle', specPath, { pointer: current.$ref });
        current = at(current.$ref);
      }
      return current as T;
    },
    validator(pointer: string): ValidateFunction {
      const key = pointer.startsWith('#') ? pointer : `#${pointer}`;
      let validate = validators.get(key);
      if (!validate) {
        // A schema that does not compile is an error, never "valid": getSchema throws on bad schemas.
        let compiled: ValidateFunction | undefined;
        try {
          compiled = ajv().getSchema(`${DOCUMENT_ID}${key}`);
        } catch (err) {
          if (err instanceof ContractError) throw err;
          const place = locateSchemaError(ajv(), DOCUMENT_ID, document, key, err as Error);
          throw new ContractError(place.problem, specPath, { pointer: place.pointer });
        }
        if (!compiled) throw new ContractError('no schema here', specPath, { pointer: key });
        validate = compiled;
        validators.set(key, validate);
      }
      return validate;
    },
  };
}

/**
 * The contract's ajv: the house setup (createAjv) with OpenAPI's keywords and the document's `x-`
 * keys as annotations, and the document registered under DOCUMENT_ID, which validates it against
 * the meta-schema (a ContractError if it fails). `standalone` keeps the code for `npm run build`.
 */
export function contractAjv(document: JsonObject, specPath: string, needs: AjvNeeds = {}): Ajv2020 {
  const ajv = createAjv(needs);
  ajv.addVocabulary([...OPENAPI_VOCABULARY, ...extensionKeywords(document)]);
  try {
    ajv.addSchema(document, DOCUMENT_ID);
  } catch (err) {
    throw new ContractError((err as Error).message, specPath);
  }
  return ajv;
}

/** Every `x-*` key used in the document, so ajv's strict mode accepts them as annotations. */
function extensionKeywords(document: JsonObject): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
    } else if (isRecord(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('x-')) found.add(key);
        walk(value);
      }
    }
  };
  walk(document);
  return [...found];
}
