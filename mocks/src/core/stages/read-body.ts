import type { MockRequest } from '../../exchange/mock-request';
import { GatewayError } from '../../exchange/gateway-error';

/**
 * Called once: with the whole body, or with the GatewayError that refuses it (the adapter's
 * BodyCallback, exchange/mock-request.ts, turned into the answer the spec gives).
 */
export type ReadBodyCallback = (error: GatewayError | null, body: Uint8Array | undefined) => void;

/**
 * Reads the whole body through the adapter, which refuses it as soon as it passes the limit.
 * The refusal is 413 (responses PayloadTooLarge) where the operation documents it; operations that
 * do not (unassignGuardrailKeys lists 400, 401, 403, 404, 500) get 400 with the same message.
 * A callback rather than a promise: the answer is then made in the very turn the body ends, with
 * no promise or microtask on its way (about a sixth of the work of a POST /responses).
 */
export function readRequestBody(
  request: MockRequest,
  limitBytes: number,
  tooLargeStatus: number,
  then: ReadBodyCallback,
): void {
  request.readBody(limitBytes, (refused, body) => {
    if (refused === null) then(null, body);
    else if (refused === 'too-large')
      then(
        new GatewayError(tooLargeStatus, `Request payload exceeds the size limit of ${limitBytes} bytes`),
        undefined,
      );
    else then(new GatewayError(400, `Request body could not be read: ${refused.message}`), undefined);
  });
}
