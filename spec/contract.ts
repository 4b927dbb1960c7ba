import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { load as parseYaml } from 'js-yaml';

/** The hand-written contract: the one source every validator, type and check is derived from. */
export const SPEC_PATH = existsSync(path.join(__dirname, 'openapi.yaml'))
  ? path.join(__dirname, 'openapi.yaml')
  : path.join(__dirname, '..', '..', 'spec', 'openapi.yaml'); // compiled into dist/spec/

/** Id under which the whole document is registered with ajv; pointers resolve against it. */
export const DOCUMENT_ID = 'openapi.json';

export type JsonObject = Record<string, unknown>;

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
  if (!isObject(document) || typeof document.openapi !== 'string') {
    throw new ContractError(`${specPath} is not an OpenAPI document (no "openapi" field)`);
  }
  return createContract(document, specPath);
}

export function createContract(document: JsonObject, specPath = '<memory>'): Contract {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    // 2020-12 allows `type` lists and unconstrained union members that strictTypes would reject.
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    validateFormats: true,
  });
  addFormats(ajv);
  ajv.addVocabulary([...OPENAPI_VOCABULARY, ...extensionKeywords(document)]);
  ajv.addSchema(document, DOCUMENT_ID);

  const validators = new Map<string, ValidateFunction>();
  const at = <T>(pointer: string): T => valueAt(document, pointer) as T;

  return {
    specPath,
    document,
    ajv,
    at,
    resolve<T>(value: unknown): T {
      let current = value;
      for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
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

/** JSON pointer encoding of one path segment (RFC 6901). */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function valueAt(root: unknown, pointer: string): unknown {
  const body = pointer.replace(/^#/, '');
  if (body === '') return root;
  let current: unknown = root;
  for (const raw of body.split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(current) && !Array.isArray(current)) {
      throw new ContractError(`pointer ${pointer} does not resolve`);
    }
    current = (current as Record<string, unknown>)[segment];
    if (current === undefined) throw new ContractError(`pointer ${pointer} does not resolve`);
  }
  return current;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every `x-*` key used in the document, so ajv's strict mode accepts them as annotations. */
function extensionKeywords(document: JsonObject): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
    } else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('x-')) found.add(key);
        walk(value);
      }
    }
  };
  walk(document);
  return [...found];
}
