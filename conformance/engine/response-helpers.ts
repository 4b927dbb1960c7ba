import type { ErrorObject } from 'ajv';
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

/** Every ajv error with the JSON pointer of the offending value and of the schema rule. */
export function formatSchemaErrors(errors: readonly ErrorObject[] | null | undefined, limit = 25): string[] {
  const lines = (errors ?? []).map((e) => {
    const where = e.instancePath === '' ? '(root)' : e.instancePath;
    const detail =
      e.keyword === 'additionalProperties'
        ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
        : '';
    return `${where} ${e.message ?? 'is invalid'}${detail} [${e.schemaPath}]`;
  });
  return lines.length > limit ? [...lines.slice(0, limit), `… ${lines.length - limit} more`] : lines;
}
