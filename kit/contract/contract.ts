import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import { load as parseYaml } from 'js-yaml';
import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import { valueAt } from '../json/json-pointer';
import { createAjv } from './create-ajv';

/** The hand-written contract: the one source every validator, type and check is derived from. */
export const SPEC_PATH = [
  path.join(__dirname, '..', '..', 'spec', 'openapi.yaml'),
  path.join(__dirname, '..', '..', '..', 'spec', 'openapi.yaml'), // compiled into dist/kit/contract/
].find((candidate) => existsSync(candidate)) as string;

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

export interface Contract {
  readonly specPath: string;
  readonly document: JsonObject;
  readonly ajv: Ajv2020;
  /** A compiled validator for any schema in the document, by JSON pointer (`#/components/schemas/Model`). */
  validator(pointer: string): ValidateFunction;
  /** Follows `$ref`s (local ones only, as the document uses) to the object they name. */
  resolve<T = JsonObject>(value: unknown): T;
  /** The value at a JSON pointer inside the document. */
  at<T = unknown>(pointer: string): T;
}

export class ContractError extends Error {
  override readonly name = 'ContractError';
}

/** Reads, parses and registers the document. Throws a ContractError naming the problem. */
export function loadContract(specPath: string = SPEC_PATH): Contract {
  let text: string;
  try {
    text = readFileSync(specPath, 'utf8');
  } catch (err) {
    throw new ContractError(`cannot read the contract ${specPath}: ${(err as Error).message}`);
  }
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (err) {
    throw new ContractError(`${specPath} is not valid YAML: ${(err as Error).message}`);
  }
  if (!isRecord(document) || typeof document.openapi !== 'string') {
    throw new ContractError(`${specPath} is not an OpenAPI document (no "openapi" field)`);
  }
  return createContract(document, specPath);
}

export function createContract(document: JsonObject, specPath = '<memory>'): Contract {
  const ajv = createAjv();
  ajv.addVocabulary([...OPENAPI_VOCABULARY, ...extensionKeywords(document)]);
  ajv.addSchema(document, DOCUMENT_ID);

  const validators = new Map<string, ValidateFunction>();
  const at = <T>(pointer: string): T => {
    const value = valueAt(document, pointer);
    if (value === undefined) throw new ContractError(`pointer ${pointer} does not resolve`);
    return value as T;
  };

  return {
    specPath,
    document,
    ajv,
    at,
    resolve<T>(value: unknown): T {
      let current = value;
      for (let hops = 0; isRecord(current) && typeof current.$ref === 'string'; hops++) {
        if (hops > 32) throw new ContractError(`$ref cycle at ${current.$ref}`);
        current = at(current.$ref);
      }
      return current as T;
    },
    validator(pointer: string): ValidateFunction {
      const key = pointer.startsWith('#') ? pointer : `#${pointer}`;
      let validate = validators.get(key);
      if (!validate) {
        // A schema that does not compile is an error, never "valid": getSchema throws on bad schemas.
        const compiled = ajv.getSchema(`${DOCUMENT_ID}${key}`);
        if (!compiled) throw new ContractError(`no schema at ${key} in ${specPath}`);
        validate = compiled;
        validators.set(key, validate);
      }
      return validate;
    },
  };
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
