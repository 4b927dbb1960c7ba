import type Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import type { Contract } from './contract-types';
import { valueAt } from '../json/json-pointer';
import { ContractError } from './contract-error';
import { createAjv } from './create-ajv';
import type { AjvNeeds } from './create-ajv';
import { locateSchemaError } from './locate-schema-error';

/*
 * A contract made from a document already parsed: no file is read here, so a browser bundle
 * (mocks/src/runtimes/browser/) builds one from the shipped document and validators. Reading and parsing
 * a spec file is kit/contract/contract.ts.
 */

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

const POINTERS_REMEMBERED = 10_000;

/** What is known of a document before it is registered: the hash of its text, validators compiled ahead. */
export interface ContractPreparation {
  readonly textSha256?: string;
  /**
   * Validators compiled ahead from this very document, by JSON pointer. With them, the document
   * is taken as checked (it was, when they were compiled) and ajv is made only when a validator
   * not among them is asked for.
   */
  readonly validators?: ReadonlyMap<string, ValidateFunction>;
  /**
   * More validators compiled ahead, read on the first one asked for that `validators` lacks (a
   * build's answer validators: the mock alone never needs them); undefined when there are none.
   */
  readonly laterValidators?: () => ReadonlyMap<string, ValidateFunction> | undefined;
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
  let later = prepared.laterValidators;
  const readLater = (): void => {
    const more = later?.();
    later = undefined;
    for (const [pointer, validate] of more ?? []) if (!validators.has(pointer)) validators.set(pointer, validate);
  };
  /** Pointers already followed: the checks of every exchange a proxy sees ask for the same few. */
  const found = new Map<string, unknown>();
  const at = <T>(pointer: string): T => {
    let value = found.get(pointer);
    if (value !== undefined) return value as T;
    value = valueAt(document, pointer);
    if (value === undefined) throw new ContractError('does not resolve', specPath, { pointer });
    // A document's pointers are finitely many; the bound only guards against made-up ones.
    if (found.size < POINTERS_REMEMBERED) found.set(pointer, value);
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
      if (!validate && later) {
        readLater();
        validate = validators.get(key);
      }
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
