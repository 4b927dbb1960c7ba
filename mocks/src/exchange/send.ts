import type { HeaderList, ReplySink } from './reply-sink';
import type { GatewayError } from './gateway-error';
import { errorEnvelopeJson } from './gateway-error';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const CONTENT_TYPE = 'content-type';

/**
 * Sends a complete answer; `payload` is already serialized. JSON unless `headers` name another
 * content type (a `Prefer` example may answer with a documented `text/event-stream` example).
 * Headers go as one flat list: with nothing set before (no CORS), node writes them out as given
 * instead of building and merging a header object per response.
 */
export function sendJson(
  reply: ReplySink,
  status: number,
  payload: string | Uint8Array,
  headers?: Readonly<Record<string, string>>,
): void {
  const list: HeaderList = ['content-type', JSON_CONTENT_TYPE];
  if (headers) {
    for (const name of Object.keys(headers)) {
      // Lower-cased only when it could be `content-type`: the answers' own headers (an id) are not.
      if (name.length === CONTENT_TYPE.length && name.toLowerCase() === CONTENT_TYPE) list[1] = headers[name] as string;
      else list.push(name, headers[name] as string);
    }
  }
  reply.send(status, list, payload);
}

/** The single place where an error becomes the spec's ErrorEnvelope. */
export function sendError(reply: ReplySink, error: GatewayError, userId?: string | null): void {
  if (reply.headersSent) {
    // A stream already started: the status line is gone, so end it rather than write a second response.
    reply.cut('close');
    return;
  }
  sendJson(reply, error.status, errorEnvelopeJson(error, userId), error.options.headers);
}
