import { ConfigError } from '../config/config-error';
import type { GatewayClient } from '../http/gateway-client';
import type { OutsideOperation } from './outside-operation';

/**
 * The reset address is no operation of the document (the mock's is /__mock/reset): it is made up,
 * as requests no operation documents are (outside-operation.ts), so reports can place its request.
 */
const RESET: OutsideOperation = {
  operationId: 'reset',
  method: 'POST',
  path: '',
  pattern: /^$/,
  pathParamNames: [],
  parameters: [],
  responses: new Map(),
  securitySchemes: [],
  outside: true,
};

/**
 * POSTs the reset address (`--reset-url`) to restore the target's state, with the management key
 * when there is one. It goes through a client of the run like every other request (the headers of
 * `--header`, the proxy, a drop asked again and counted); `clientFor` is given the address's origin.
 */
export async function resetTarget(
  resetUrl: string,
  hasManagementKey: boolean,
  clientFor: (baseUrl: string) => GatewayClient,
): Promise<void> {
  const url = new URL(resetUrl);
  const exchange = await clientFor(url.origin).send('reset', RESET, {
    method: 'POST',
    path: `${url.pathname}${url.search}`,
    credential: hasManagementKey ? 'managementKey' : 'none',
  });
  const status = exchange.response?.status;
  const failed = exchange.transportError ?? (status !== undefined && status >= 300 ? `status ${status}` : undefined);
  if (failed !== undefined)
    throw new ConfigError(
      `resetting the target through ${resetUrl} failed: ${failed} (check --reset-url, CONFORMANCE_RESET_URL or "resetUrl")`,
    );
}
