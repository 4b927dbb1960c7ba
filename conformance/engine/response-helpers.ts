import type { OperationInfo, ResponseInfo } from '../../kit/contract/operations';
import type { Exchange } from './types';

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaType(headers: Readonly<Record<string, string>>): string | undefined {
  const raw = headers['content-type'];
  if (raw === undefined) return undefined;
  const essence = raw.split(';')[0]?.trim().toLowerCase();
  return essence === '' ? undefined : essence;
}

/** The documented response for a status: exact code first, then `4XX`-style ranges, then `default`. */
export function documentedResponse(operation: OperationInfo, status: number): ResponseInfo | undefined {
  return (
    operation.responses.get(String(status)) ??
    operation.responses.get(`${String(status)[0]}XX`) ??
    operation.responses.get(`${String(status)[0]}xx`) ??
    operation.responses.get('default')
  );
}

/** Documented status keys of an operation, as written (`200`, `4XX`, `default`). */
export function documentedStatuses(operation: OperationInfo): string[] {
  return [...operation.responses.keys()];
}

/** Schema pointer for the exchange's status and media type, when both are documented. */
export function documentedSchema(exchange: Exchange): string | undefined {
  const response = exchange.response;
  if (!response) return undefined;
  const documented = documentedResponse(exchange.operation, response.status);
  const type = mediaType(response.headers);
  if (!documented || type === undefined) return undefined;
  return documented.content.get(type);
}

export function isJsonMediaType(type: string | undefined): boolean {
  return type !== undefined && (type === 'application/json' || type.endsWith('+json'));
}
