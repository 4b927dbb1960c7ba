import type { OperationInfo } from '../../../../kit/contract/operations';
import { GatewayError } from '../../exchange/gateway-error';

export interface RouteMatch {
  readonly operation: OperationInfo;
  readonly pathParams: Record<string, string>;
}

export interface Router {
  /** `path` is relative to the base address; throws 404 / 405 as GatewayErrors. */
  match(method: string, path: string): RouteMatch;
  /** Methods served at a path (for `Allow` and CORS preflight); empty when the path is unknown. */
  allowedMethods(path: string): string[];
}

/** Routes requests to the document's operations; nothing about paths is written by hand. */
export function createRouter(operations: readonly OperationInfo[]): Router {
  const allowedMethods = (path: string): string[] =>
    operations.filter((op) => op.pattern.test(path)).map((op) => op.method);

  return {
    allowedMethods,
    match(method, path) {
      // HEAD is answered as GET without the body (RFC 9110, 9.3.2; node drops what is written).
      const wanted = method === 'HEAD' ? 'GET' : method;
      let pathKnown = false;
      for (const operation of operations) {
        const found = operation.pattern.exec(path);
        if (!found) continue;
        pathKnown = true;
        if (operation.method !== wanted) continue;
        const pathParams: Record<string, string> = {};
        operation.pathParamNames.forEach((name, index) => {
          pathParams[name] = decodeSegment(found[index + 1] ?? '');
        });
        return { operation, pathParams };
      }
      if (pathKnown) {
        const allow = allowedMethods(path);
        throw new GatewayError(405, `Method ${method} is not allowed on ${path}; use ${allow.join(', ')}`, {
          headers: { Allow: allow.join(', ') },
        });
      }
      throw new GatewayError(404, `No operation at ${path}: see the API reference for the available paths`);
    },
  };
}

/**
 * Clients percent-encode path segments (`gpt-4o%3Afree`); the handler sees the decoded value.
 * A segment that is not valid percent-encoding is passed on as written: no model or guardrail
 * has such a name, so the operation answers as it would for any unknown name (404 for GET /model,
 * 400 from the uuid format of a guardrail id) rather than refusing the encoding.
 */
function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
