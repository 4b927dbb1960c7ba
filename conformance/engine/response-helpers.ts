import type { OperationInfo, ResponseInfo } from '../../kit/contract/operations';
import type { Exchange } from './types';

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaType(headers: Readonly<Record<string, string>>): string | undefined {
  const raw = headers['content-type'];
  if (raw === undefined) return undefined;
  // Every check of every exchange asks; a gateway sends the same few values.
  const known = ESSENCES.get(raw);
  if (known !== undefined) return known === '' ? undefined : known;
  const essence = raw.split(';')[0]?.trim().toLowerCase() ?? '';
  if (ESSENCES.size >= ESSENCES_REMEMBERED) ESSENCES.clear();
  ESSENCES.set(raw, essence);
  return essence === '' ? undefined : essence;
}

const ESSENCES = new Map<string, string>();
const ESSENCES_REMEMBERED = 256;

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
