import type { Contract } from '../../../../kit/contract/contract-types';
import { managementOnlyOperations } from '../../../../kit/contract/key-schemes';
import type { OperationInfo } from '../../../../kit/contract/operations';
import { apiBasePath } from './api-paths';
import type { HeaderNames } from './header-names';
import { readHeaderNames } from './header-names';
import type { SpecDefaults } from './spec-defaults';
import { readSpecDefaults } from './spec-defaults';

/**
 * What the mock's own code takes from spec/openapi.yaml beyond validators and routes: defaults,
 * header names, the management key's operations and the API's base path. Read once per mock, at
 * start-up; a request only looks values up.
 */
export interface SpecFacts {
  readonly defaults: SpecDefaults;
  readonly headers: HeaderNames;
  /** operationIds only a management key may call (see managementOnlyOperations). */
  readonly managementOnly: ReadonlySet<string>;
  /** The path of the spec's server address (`/api/v1`). */
  readonly apiBasePath: string;
}

export function readSpecFacts(contract: Contract, operations: readonly OperationInfo[]): SpecFacts {
  return {
    defaults: readSpecDefaults(contract),
    headers: readHeaderNames(contract, operations),
    managementOnly: managementOnlyOperations(contract, operations),
    apiBasePath: apiBasePath(contract),
  };
}
