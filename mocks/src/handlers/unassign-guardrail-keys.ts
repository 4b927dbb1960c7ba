import type { Handler } from '../pipeline/context';
import { GatewayError } from '../pipeline/gateway-error';

/**
 * POST /guardrails/{id}/assignments/keys/remove (contract §4.2). Counts only keys actually
 * removed; the store's change is synchronous, so concurrent calls never count a key twice.
 */
export const unassignGuardrailKeys: Handler = ({ pathParams, body, store }) => {
  const id = pathParams.id ?? '';
  const guardrail = store.guardrail(id);
  if (!guardrail) throw new GatewayError(404, `Guardrail ${id} not found`);
  const { key_hashes: keyHashes } = body as { key_hashes: string[] };
  return { status: 200, body: { unassigned_count: store.unassignKeys(guardrail, keyHashes) } };
};
