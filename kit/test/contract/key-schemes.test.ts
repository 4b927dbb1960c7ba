import type { JsonObject } from '../../json/guards';
import { createContract, loadContract } from '../../contract/contract';
import { managementOnlyOperations } from '../../contract/key-schemes';
import { listOperations } from '../../contract/operations';

const contract = loadContract();

describe('managementOnlyOperations', () => {
  it('asks for a management key exactly where the operation names only schemes beyond the default', () => {
    expect([...managementOnlyOperations(contract, listOperations(contract))]).toEqual(['unassignGuardrailKeys']);
  });

  it('follows the spec when another operation is secured by the management key alone', () => {
    const document = structuredClone(contract.document);
    const getModel = (document.paths as Record<string, { get: JsonObject }>)['/model/{author}/{slug}']?.get;
    (getModel as JsonObject).security = [{ managementKey: [] }];
    const changed = createContract(document);
    expect([...managementOnlyOperations(changed, listOperations(changed))].sort()).toEqual([
      'getModel',
      'unassignGuardrailKeys',
    ]);
  });

  it('refuses a spec with two kinds of key beyond the default', () => {
    const document = structuredClone(contract.document);
    const schemes = (document.components as { securitySchemes: Record<string, JsonObject> }).securitySchemes;
    schemes.provisioningKey = { type: 'http', scheme: 'bearer' };
    const getModel = (document.paths as Record<string, { get: JsonObject }>)['/model/{author}/{slug}']?.get;
    (getModel as JsonObject).security = [{ provisioningKey: [] }];
    const changed = createContract(document);
    expect(() => managementOnlyOperations(changed, listOperations(changed))).toThrow(/managementKey, provisioningKey/);
  });
});
