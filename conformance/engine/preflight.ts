import { ConfigError } from '../config/config-error';
import type { GatewayClient } from '../http/gateway-client';
import { describeTransportError } from '../http/gateway-client';
import type { OperationInfo } from '../../kit/contract/operations';
import { mediaType } from './response-helpers';
import type { RequestSpec } from './types';
import { isRecord } from '../../kit/json/guards';

/** Short: an unreachable target must be reported within seconds, not after a pile of timeouts. */
export const PREFLIGHT_TIMEOUT_MS = 3000;

/**
 * One request before anything else. No answer at all, an answer that is not the API (a 404 page
 * without the error envelope: a base URL without `/api/v1`, say) or a rejected key is a
 * configuration problem, reported on one line (exit 2) instead of as hundreds of failures.
 */
export async function preflight(
  client: GatewayClient,
  operation: OperationInfo,
  request: RequestSpec,
  baseUrl: string,
): Promise<void> {
  const exchange = await client.send('preflight', operation, request);
  if (exchange.transportError !== undefined || !exchange.response) {
    throw new ConfigError(`target ${baseUrl} is unreachable: ${exchange.transportError ?? 'no answer'}`);
  }
  const { status, headers, json } = exchange.response;
  if (status === 401) {
    throw new ConfigError(
      `target ${baseUrl} rejected the API key (401 on ${request.method} ${request.path}); check --api-key / CONFORMANCE_API_KEY`,
    );
  }
  const isApiAnswer = mediaType(headers) === 'application/json' && isRecord(json);
  if (status === 404 && !isApiAnswer) {
    throw new ConfigError(
      `target ${baseUrl} answered ${request.method} ${request.path} with a 404 that is not the API's (is the base URL right? it must include the version prefix, e.g. /api/v1)`,
    );
  }
}

export async function resetTarget(resetUrl: string, managementKey: string | undefined): Promise<void> {
  try {
    const res = await fetch(resetUrl, {
      method: 'POST',
      headers: managementKey ? { Authorization: `Bearer ${managementKey}` } : {},
      signal: AbortSignal.timeout(PREFLIGHT_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    if (res.status >= 300) throw new Error(`status ${res.status}`);
  } catch (err) {
    throw new ConfigError(`resetting the target through ${resetUrl} failed: ${describeTransportError(err)}`);
  }
}
