import { once } from 'node:events';
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

/** The spec's SSE `text` example, event by event, each with its blank line. */
function exampleEvents(contract: Contract): string[] {
  const text = String(responseExample(contract, '/responses', 'post', '200', 'text/event-stream', 'text'));
  return text
    .split('\n\n')
    .filter((event) => event.trim() !== '')
    .map((event) => `${event}\n\n`);
}

/** Streams the spec's SSE `text` example the way a streaming handler does: it writes `res` itself. */
export function standInStream(contract: Contract): Handler {
  const events = exampleEvents(contract);
  return ({ res }) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    for (const event of events) res.write(event);
    res.end();
    return { streamed: true, status: 200 };
  };
}

/**
 * Starts the spec's example stream, sends its first event, then waits for the client to go away
 * and stops, as a streaming handler does. `finished` resolves once the handler has returned.
 */
export function standInStreamCutShort(contract: Contract): {
  readonly handler: Handler;
  readonly finished: Promise<void>;
} {
  const [first] = exampleEvents(contract);
  let returned = (): void => undefined;
  const finished = new Promise<void>((resolve) => (returned = resolve));
  const handler: Handler = async ({ res, signal }) => {
    try {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      res.write(first);
      if (!signal.aborted) await once(signal, 'abort');
      return { streamed: true, status: 200 };
    } finally {
      returned();
    }
  };
  return { handler, finished };
}
