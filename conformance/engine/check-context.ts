import type { Contract } from '../../kit/contract/contract';
import { listOperations } from '../../kit/contract/operations';
import type { OperationInfo } from '../../kit/contract/operations';
import type { CheckContext } from './types';
import { streamSpec } from '../../kit/stream/stream-spec';

/** Builds what checks consult, all derived from the contract document. */
export function createCheckContext(contract: Contract): CheckContext {
  const operations = new Map<string, OperationInfo>(listOperations(contract).map((op) => [op.operationId, op]));
  return { contract, operations, streamSpec: streamSpec(contract) };
}
