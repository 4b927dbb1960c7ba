import type { ServerResponse } from 'node:http';
import type { GatewayError } from './gateway-error';
import { toEnvelope } from './gateway-error';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Writes a complete response; `payload` is already serialized. JSON unless `headers` name another
 * content type (a `Prefer` scenario may answer with a documented `text/event-stream` example).
 */
export function sendJson(res: ServerResponse, status: number, payload: string, headers?: Readonly<Record<string, string>>): void {
  res.setHeader('content-type', JSON_CONTENT_TYPE);
  if (headers) {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  }
  res.writeHead(status, { 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** The single place where an error becomes the contract's envelope (§7.1). */
export function sendError(res: ServerResponse, error: GatewayError, userId?: string | null): void {
  if (res.headersSent) {
    // A stream already started: the status line is gone, so end it rather than write a second response.
    res.destroy();
    return;
  }
  sendJson(res, error.status, JSON.stringify(toEnvelope(error, userId)), error.options.headers);
}
