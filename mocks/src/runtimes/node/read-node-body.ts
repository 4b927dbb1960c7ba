import type { IncomingMessage } from 'node:http';
import type { BodyCallback } from '../../exchange/mock-request';
import { declaredPastLimit, pastLimit } from '../../exchange/mock-request';

const EMPTY = Buffer.alloc(0);

/**
 * Reads the whole body of a node request (MockRequest.readBody), refusing as soon as it passes
 * the limit instead of buffering it all, and draining the rest so the connection can answer.
 * Callbacks only: the pipeline answers in the turn the body ends.
 */
export function readNodeBody(req: IncomingMessage, limitBytes: number, then: BodyCallback): void {
  if (declaredPastLimit(req.headers['content-length'], limitBytes)) {
    req.resume(); // drain so the connection can answer
    then('too-large', EMPTY);
    return;
  }
  let first: Buffer | undefined;
  let more: Buffer[] | undefined;
  let size = 0;
  let done = false;
  const finish = (refused: 'too-large' | Error | null): void => {
    if (done) return;
    done = true;
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    if (refused) {
      req.resume();
      then(refused, EMPTY);
    } else {
      then(null, more ? Buffer.concat(more, size) : (first ?? EMPTY));
    }
  };
  const onData = (chunk: Buffer): void => {
    size += chunk.length;
    if (pastLimit(size, limitBytes)) finish('too-large');
    else if (first === undefined) first = chunk;
    else (more ??= [first]).push(chunk);
  };
  const onEnd = (): void => finish(null);
  const onError = (err: Error): void => finish(err);
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onError);
}
