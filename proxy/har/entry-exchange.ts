import type { IncomingHttpHeaders } from 'node:http';
import { createBodyTap } from '../body-tap';
import type { Relayed } from '../relay';
import type { HarEntry, HarHeader } from './har-types';

/**
 * A recorded HAR entry as the proxy hands a relayed exchange to its checks, so recorded traffic
 * is judged by the very code that judges live traffic: the answer's text goes through the proxy's
 * body tap (an event stream read by the kit's SSE reader, a byte order mark dropped). HAR's
 * `content.text` is already decoded, so its Content-Encoding is not applied again; the events of a
 * stream all carry the exchange's end time, as a HAR keeps no time per event.
 * Undefined when the HAR kept no text of an answer that had one (a browser may leave it out).
 */
export async function exchangeOfEntry(entry: HarEntry, keysRemoved = false): Promise<Relayed | undefined> {
  const { request, response } = entry;
  const requestHeaders = headerObject(request.headers);
  // A HAR exported "sanitized" (Chrome's default) dropped the key the request carried.
  if (keysRemoved && requestHeaders.authorization === undefined) requestHeaders.authorization = REMOVED_KEY;
  const durationMs = Math.max(0, Math.round(typeof entry.time === 'number' ? entry.time : 0));
  const base = {
    method: request.method.toUpperCase(),
    url: request.url,
    requestHeaders: requestHeaders as IncomingHttpHeaders,
    requestBody: bytesOf(request.postData?.text, request.postData?.encoding),
    abandoned: false,
    durationMs,
  };
  if (response.status === 0) {
    const transportError = entry._transportError ?? entry._error ?? 'no answer (the HAR entry has status 0)';
    return { ...base, responseHeaders: {}, transportError };
  }
  const responseHeaders = headerObject(response.headers);
  const content = response.content ?? { size: 0, mimeType: '' };
  if (content.text === undefined && content.size > 0) return undefined;
  const contentType = (responseHeaders['content-type'] ?? content.mimeType ?? '').toLowerCase();
  const tap = createBodyTap(undefined, contentType.startsWith('text/event-stream'), () => durationMs);
  const bytes = bytesOf(content.text, content.encoding);
  if (bytes !== undefined) tap.feed(bytes);
  const body = await tap.end();
  return {
    ...base,
    status: response.status,
    responseHeaders,
    body,
    ...(entry._transportError === undefined ? {} : { transportError: entry._transportError }),
  };
}

/** The key a request is taken to have carried when the HAR's writer removed it (`--keys-removed`). */
const REMOVED_KEY = 'Bearer [removed]';

/**
 * HAR's list of headers as node gives them: names lower-case, repeated ones joined with `, `
 * (RFC 9110, 5.3). HTTP/2's pseudo-headers (`:authority`, which Chrome lists) are not headers.
 */
function headerObject(headers: readonly HarHeader[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of headers) {
    if (name.startsWith(':')) continue;
    const key = name.toLowerCase();
    out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
  }
  return out;
}

function bytesOf(text: string | undefined, encoding: string | undefined): Buffer | undefined {
  if (text === undefined) return undefined;
  return encoding === 'base64' ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
}
