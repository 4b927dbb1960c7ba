import type { ValidateFunction } from 'ajv';

/**
 * The shape of contract-validators.js (scripts/precompile.ts): ajv's standalone exports, and
 * which export validates which JSON pointer.
 */
export interface ContractValidatorsModule {
  readonly pointers: Readonly<Record<string, string>>;
  readonly [exported: string]: unknown;
}

/**
 * The validators of a loaded contract-validators.js by pointer. Node-free: the Node start reads
 * the module from dist/precompiled/, a browser bundle takes it in as a module.
 */
export function validatorsByPointer(compiled: ContractValidatorsModule): Map<string, ValidateFunction> {
  const validators = new Map<string, ValidateFunction>();
  for (const [pointer, name] of Object.entries(compiled.pointers)) {
    const validate = compiled[name];
    if (typeof validate === 'function') validators.set(pointer, validate as ValidateFunction);
  }
  return validators;
}
