import type { Handler } from '../../core/handler-types';
import { GatewayError } from '../../exchange/gateway-error';

/**
 * POST /guardrails/{id}/assignments/keys/remove (unassignGuardrailKeys; UnassignKeysResult). Counts only keys actually
 * removed; the store's change is synchronous, so concurrent calls never count a key twice.
 */
export const unassignGuardrailKeys: Handler<'unassignGuardrailKeys'> = ({ pathParams, body, store }) => {
  const guardrail = store.guardrail(pathParams.id);
  if (!guardrail) throw new GatewayError(404, `Guardrail ${pathParams.id} not found`);
  return { status: 200, body: { unassigned_count: store.unassignKeys(guardrail, body.key_hashes) } };
};
