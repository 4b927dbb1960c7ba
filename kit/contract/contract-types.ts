import type Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import type { JsonObject } from '../json/guards';

/**
 * A loaded spec, as every part uses it. Its own file, apart from the loader (contract.ts reads
 * files), so the mock's runtime-free core can name the type without reaching the loader.
 */
export interface Contract {
  readonly specPath: string;
  readonly document: JsonObject;
  /** ajv with the document registered; made on first use (validators compiled ahead need none). */
  readonly ajv: Ajv2020;
  /** SHA-256 (hex) of the text the document was read from; undefined for a document made in memory. */
  readonly textSha256: string | undefined;
  /** A compiled validator for any schema in the document, by JSON pointer (`#/components/schemas/Model`). */
  validator(pointer: string): ValidateFunction;
  /** Follows `$ref`s (local ones only, as the document uses) to the object they name. */
  resolve<T = JsonObject>(value: unknown): T;
  /** The value at a JSON pointer inside the document. */
  at<T = unknown>(pointer: string): T;
}
