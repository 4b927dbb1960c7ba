import type { Contract } from '../../kit/contract/contract';
import { listOperations } from '../../kit/contract/operations';
import type { OperationInfo } from '../../kit/contract/operations';
import type { CheckContext } from './types';
import { isRecord } from '../../kit/json/guards';
import type { JsonObject } from '../../kit/json/guards';

export const EVENT_STREAM = 'text/event-stream';

/** Builds what checks consult, all derived from the contract document. */
export function createCheckContext(contract: Contract): CheckContext {
  const operations = new Map<string, OperationInfo>(listOperations(contract).map((op) => [op.operationId, op]));
  return { contract, operations, streamEventSchemas: streamEventSchemas(contract, operations) };
}

/**
 * Maps each stream event `type` to the pointer of the schema branch that defines it, found by
 * walking the `anyOf`/`oneOf` of every documented `text/event-stream` schema. A known event is then
 * validated against its own branch, so a malformed `response.completed` cannot slip through as
 * some other (permissive) branch.
 */
function streamEventSchemas(contract: Contract, operations: ReadonlyMap<string, OperationInfo>): Map<string, string> {
  const found = new Map<string, string>();
  for (const op of operations.values()) {
    for (const response of op.responses.values()) {
      const pointer = response.content.get(EVENT_STREAM);
      if (pointer !== undefined) collectBranches(contract, pointer, found, 0);
    }
  }
  return found;
}

function collectBranches(contract: Contract, pointer: string, found: Map<string, string>, depth: number): void {
  if (depth > 8) return;
  const raw = contract.at<unknown>(pointer);
  const target = isRecord(raw) && typeof raw.$ref === 'string' ? raw.$ref : pointer;
  const schema = contract.resolve<JsonObject>(raw);
  const eventType = constantType(contract, schema);
  if (eventType !== undefined) {
    if (!found.has(eventType)) found.set(eventType, target);
    return;
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches))
      branches.forEach((_, i) => collectBranches(contract, `${target}/${keyword}/${i}`, found, depth + 1));
  }
}

function constantType(contract: Contract, schema: JsonObject): string | undefined {
  const properties = isRecord(schema.properties) ? schema.properties : undefined;
  const type = properties ? contract.resolve<JsonObject>(properties.type) : undefined;
  if (!type) return undefined;
  if (typeof type.const === 'string') return type.const;
  if (Array.isArray(type.enum) && type.enum.length === 1 && typeof type.enum[0] === 'string') return type.enum[0];
  return undefined;
}
