import type { Contract } from './contract-types';
import { ContractError } from './contract-error';
import type { OperationInfo } from './operations';
import type { JsonObject } from '../json/guards';

/**
 * The operations only a management key may call. The document's root `security` names the scheme
 * every API key satisfies (bearerAuth); an operation whose security names other schemes only
 * (managementKey on unassignGuardrailKeys) asks for the one kind of key both sides know beyond
 * that: a management key. The mock asks for it there, and the suite sends it there. A spec with
 * two such schemes is refused: neither side could tell them apart.
 */
export function managementOnlyOperations(contract: Contract, operations: readonly OperationInfo[]): Set<string> {
  const anyKey = new Set(
    ((contract.document.security as JsonObject[] | undefined) ?? []).flatMap((requirement) => Object.keys(requirement)),
  );
  const stricter = new Set(operations.flatMap((op) => op.securitySchemes.filter((scheme) => !anyKey.has(scheme))));
  if (stricter.size > 1) {
    throw new ContractError(
      `one kind of key beyond the default (a management key) is supported, but the spec uses the schemes ${[...stricter].join(', ')}`,
      contract.specPath,
      { pointer: '#/components/securitySchemes' },
    );
  }
  return new Set(
    operations
      .filter((op) => op.securitySchemes.length > 0 && op.securitySchemes.every((scheme) => !anyKey.has(scheme)))
      .map((op) => op.operationId),
  );
}
