import type { Contract } from '../../kit/contract/contract';
import { featureIndex } from '../../kit/contract/feature-index';
import { managementOnlyOperations } from '../../kit/contract/key-schemes';
import { listOperations } from '../../kit/contract/operations';
import type { OperationInfo } from '../../kit/contract/operations';
import type { CheckContext } from './types';
import type { RunClock } from './run-clock';
import { streamSpec } from '../../kit/stream/stream-spec';

/** Builds what checks consult, all derived from the contract document. */
export function createCheckContext(contract: Contract, clock?: RunClock): CheckContext {
  const list = listOperations(contract);
  const operations = new Map<string, OperationInfo>(list.map((op) => [op.operationId, op]));
  return {
    contract,
    operations,
    managementOnly: managementOnlyOperations(contract, list),
    streamSpec: streamSpec(contract),
    features: featureIndex(contract, list),
    ...(clock === undefined ? {} : { clock }),
  };
}
