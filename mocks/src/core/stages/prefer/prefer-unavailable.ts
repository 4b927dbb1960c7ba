import type { OperationInfo } from '../../../../../kit/contract/operations';
import type { MockRequest } from '../../../exchange/mock-request';
import type { HandlerResult } from '../../handler-types';
import { GatewayError } from '../../../exchange/gateway-error';
import { parsePrefer } from './parse-prefer';

/** A `Prefer` example answer (Prism-compatible), or undefined to take the ordinary path. */
export type PreferHandler = (
  operation: OperationInfo,
  request: MockRequest,
  body: Uint8Array | undefined,
) => Promise<HandlerResult | undefined>;

/** Said, in one line, wherever Prism cannot run (a browser, a worker, a bundle without it). */
export const PREFER_NEEDS_NODE =
  "Prefer: code=, example= and dynamic= examples are produced by Prism, which runs only in the mock's node server (model-gateway-mock or createMockServer); send the request without those Prefer values here";

/** Where Prism is not at hand: those values get a one-line 501, a `Prefer` without them takes the ordinary path. */
export const preferUnavailable: PreferHandler = (_operation, request) => {
  const asked = parsePrefer(String(request.headers.prefer));
  if (asked.code === undefined && asked.example === undefined && asked.dynamic === undefined)
    return Promise.resolve(undefined);
  return Promise.reject(new GatewayError(501, PREFER_NEEDS_NODE, { mockControl: true }));
};
