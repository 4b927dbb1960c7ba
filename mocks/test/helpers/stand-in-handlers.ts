import type { Contract } from '../../../kit/contract/contract';
import type { Handler } from '../../src/pipeline/context';
import { responseExample } from './sample-requests';

export interface RecordingHandler {
  readonly handler: Handler;
  /** Validated bodies the handler was given, oldest first. */
  readonly bodies: unknown[];
}

/**
 * Stands in for the responses engine (owned elsewhere) in tests of the generic pipeline: it answers
 * every request that got through routing, auth and validation with the spec's own `text` example,
 * so "passed validation" reads as 200 whatever the engine decides about models or plugins.
 */
export function standInCreateResponse(contract: Contract): RecordingHandler {
  const bodies: unknown[] = [];
  const example = responseExample(contract, '/responses', 'post', '200', 'application/json', 'text');
  return {
    bodies,
    handler: ({ body }) => {
      bodies.push(body);
      return { status: 200, body: example };
    },
  };
}

/** Streams the spec's SSE `text` example the way a streaming handler does: it writes `res` itself. */
export function standInStream(contract: Contract, chunkDelayMs = 0): Handler {
  const text = String(responseExample(contract, '/responses', 'post', '200', 'text/event-stream', 'text'));
  const events = text
    .split('\n\n')
    .filter((event) => event.trim() !== '')
    .map((event) => `${event}\n\n`);
  return async ({ res, signal }) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    for (const event of events) {
      // Like a real streaming handler, stop as soon as the client goes away.
      if (signal.aborted) return { streamed: true, status: 200 };
      res.write(event);
      if (chunkDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, chunkDelayMs));
    }
    res.end();
    return { streamed: true, status: 200 };
  };
}
