import type { IncomingMessage } from 'node:http';
import { GatewayError } from './gateway-error';

/**
 * Reads the whole body, refusing as soon as it passes the limit instead of buffering it all.
 * The refusal is 413 (responses PayloadTooLarge) where the operation documents it; operations that do not
 * (unassignGuardrailKeys lists 400, 401, 403, 404, 500) get 400 with the same message.
 */
export function readBody(req: IncomingMessage, limitBytes: number, tooLargeStatus = 413): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    req.resume(); // drain so the connection can answer
    return Promise.reject(tooLarge(limitBytes, tooLargeStatus));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err: Error | null): void => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (err) {
        req.resume();
        reject(err);
      } else {
        resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
      }
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limitBytes) finish(tooLarge(limitBytes, tooLargeStatus));
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(null);
    const onError = (err: Error): void =>
      finish(new GatewayError(400, `Request body could not be read: ${err.message}`));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function tooLarge(limitBytes: number, status: number): GatewayError {
  return new GatewayError(status, `Request payload exceeds the size limit of ${limitBytes} bytes`);
}
