import type { Contract } from './contract';
import { listOperations } from './operations';

/**
 * Compiles the schema of every parameter, request body and answer the document's operations
 * point at. The document was checked against the meta-schema when it was registered, but a schema
 * with a mistake ajv only sees when compiling it (an unknown keyword such as `maxLenght`) would
 * otherwise be found in the middle of a run; this way it is one ContractError, with the file and
 * the pointer, before the first request.
 */
export function compileOperationSchemas(contract: Contract): void {
  for (const op of listOperations(contract)) {
    for (const param of op.parameters) contract.validator(param.schemaPointer);
    for (const pointer of op.requestBody?.content.values() ?? []) contract.validator(pointer);
    for (const response of op.responses.values())
      for (const pointer of response.content.values()) contract.validator(pointer);
  }
}
