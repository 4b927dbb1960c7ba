import type { ServerResponse } from 'node:http';
import type { GatewayError } from './gateway-error';
import { toEnvelope } from './gateway-error';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Writes a complete response; `payload` is already serialized. JSON unless `headers` name another
 * content type (a `Prefer` scenario may answer with a documented `text/event-stream` example).
 * Headers go to writeHead as one flat list: with nothing set before (no CORS), node writes them
 * out as given instead of building and merging a header object per response.
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  payload: string | Buffer,
  headers?: Readonly<Record<string, string>>,
): void {
  const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  const list: string[] = ['content-type', JSON_CONTENT_TYPE];
  if (headers) {
    for (const name of Object.keys(headers)) {
      if (name.toLowerCase() === 'content-type') list[1] = headers[name] as string;
      else list.push(name, headers[name] as string);
    }
  }
  list.push('content-length', String(length));
  res.writeHead(status, list);
  res.end(payload);
}

/** The single place where an error becomes the spec's ErrorEnvelope. */
export function sendError(res: ServerResponse, error: GatewayError, userId?: string | null): void {
  if (res.headersSent) {
    // A stream already started: the status line is gone, so end it rather than write a second response.
    res.destroy();
    return;
  }
  sendJson(res, error.status, JSON.stringify(toEnvelope(error, userId)), error.options.headers);
}
