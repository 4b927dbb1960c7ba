import type { ServerResponse } from 'node:http';

/**
 * Test mode only: keeps a copy of everything a handler writes to `res` itself (event streams), so
 * the response checker can validate the stream once it has been sent. Returns the text so far.
 */
export function captureBody(res: ServerResponse): () => string {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding: unknown): void => {
    if (typeof chunk === 'string')
      chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return write.apply(this, [chunk, ...rest] as never);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return end.apply(this, [chunk, ...rest] as never);
  } as ServerResponse['end'];
  return () => Buffer.concat(chunks).toString('utf8');
}
