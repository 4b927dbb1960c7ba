import { compileOperationSchemas } from '../../kit/contract/compile-operation-schemas';
import { loadContract, SPEC_PATH } from '../../kit/contract/contract';
import type { Contract } from '../../kit/contract/contract';
import type { ConformanceConfig } from './resolve-config';

/**
 * The document a run judges against: the run's `spec` (--spec, CONFORMANCE_SPEC, the target
 * file's `spec`), else the shipped one. Everything the suite derives (validators, boundaries,
 * the property phase, the stream rules) is derived from what this returns, passed down from here;
 * a document that does not load is a ContractError naming the file and the place.
 */
export function runContract(config: Pick<ConformanceConfig, 'spec'>): Contract {
  if (config.spec === undefined) return loadContract(SPEC_PATH);
  const contract = loadContract(config.spec);
  // The shipped document is checked by the repository's tests; another one is checked here, whole,
  // so a schema that does not compile stops the run before the first request.
  compileOperationSchemas(contract);
  return contract;
}
