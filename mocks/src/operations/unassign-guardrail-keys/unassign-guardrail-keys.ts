import type { Handler } from '../../core/handler-types';
import { GatewayError } from '../../exchange/gateway-error';
import { pathValues } from '../../core/path-values';

/**
 * POST /guardrails/{id}/assignments/keys/remove (unassignGuardrailKeys; UnassignKeysResult). Counts only keys actually
 * removed; the store's change is synchronous, so concurrent calls never count a key twice.
 */
export const unassignGuardrailKeys: Handler<'unassignGuardrailKeys'> = (context) => {
  const { body, store } = context;
  const [id = ''] = pathValues(context);
  const guardrail = store.guardrail(id);
  if (!guardrail) throw new GatewayError(404, `Guardrail ${id} not found`);
  return { status: 200, body: { unassigned_count: store.unassignKeys(guardrail, body.key_hashes) } };
};
