import type { Contract } from '../contract/contract-types';
import { listOperations } from '../contract/operations';
import { streamEventSchemas } from './stream-spec';

/**
 * The schema of every answer the document describes: each response's bodies (JSON and event
 * streams), its headers, and each stream event's own branch. What the suite and the proxy check
 * answers against; `npm run build` compiles them ahead (scripts/precompile.ts).
 */
export function answerSchemaPointers(contract: Contract): string[] {
  const pointers = new Set<string>();
  for (const op of listOperations(contract))
    for (const response of op.responses.values()) {
      for (const pointer of response.content.values()) pointers.add(pointer);
      for (const pointer of response.headers.values()) pointers.add(pointer);
    }
  for (const pointer of streamEventSchemas(contract).values()) pointers.add(pointer);
  return [...pointers];
}

/**
 * Compiles (or loads, from a build) every answer schema now: a proxy does it before it listens, so
 * its first exchanges do not wait for ajv, and a schema ajv cannot compile is one ContractError
 * at the start.
 */
export function compileAnswerSchemas(contract: Contract): void {
  for (const pointer of answerSchemaPointers(contract)) contract.validator(pointer);
}
