import type { BodyCallback } from '../../exchange/mock-request';
import { declaredPastLimit, pastLimit } from '../../exchange/mock-request';

const EMPTY = new Uint8Array(0);

/**
 * Reads the whole body of a `Request` (MockRequest.readBody), refusing it as soon as it passes the
 * limit: a declared Content-Length past it before any byte, a longer stream as soon as it is.
 */
export function readFetchBody(request: Request, limitBytes: number, then: BodyCallback): void {
  if (declaredPastLimit(request.headers.get('content-length'), limitBytes)) {
    then('too-large', EMPTY);
    return;
  }
  const stream = request.body;
  if (!stream) {
    then(null, EMPTY);
    return;
  }
  readAll(stream.getReader(), limitBytes).then(
    (body) => (body === 'too-large' ? then('too-large', EMPTY) : then(null, body)),
    (error: unknown) => then(error instanceof Error ? error : new Error(String(error)), EMPTY),
  );
}

async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>, limitBytes: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (pastLimit(size, limitBytes)) {
      // Not awaited: a body msw (or any caller) tee'd settles its cancel only once every branch
      // is cancelled, which would hold the 413 back for ever.
      reader.cancel().catch(() => undefined);
      return 'too-large' as const;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return body;
}
