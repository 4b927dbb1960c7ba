import type { Contract } from '../../../kit/contract/contract';
import type { Handler } from '../../src/core/handler-types';
import type { EventStream } from '../../src/exchange/stream/paced-stream';
import type { Pacing } from '../../src/exchange/stream/pacing';
import type { Frame } from '../../src/exchange/stream/sse-frame';
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

/**
 * A handler's stream of the given SSE texts, sent as written (their own `[DONE]`, or none): what
 * deliberately broken variants answer. Frames marked `token` wait for `pacing`.
 */
export function eventStreamOf(
  texts: readonly string[],
  pacing: Partial<Pacing> = {},
  tokens = new Set<number>(),
): EventStream {
  const frames: Frame[] = texts.map((text, sequence) => ({ text, token: tokens.has(sequence), sequence }));
  return {
    headers: { 'cache-control': 'no-cache' },
    frames: frames[Symbol.iterator](),
    pacing: { firstTokenDelayMs: 0, tokensPerSecond: 0, ...pacing },
    tail: () => [],
    done: '',
  };
}

/** Streams the spec's SSE `text` example, `[DONE]` included. */
export function standInStream(contract: Contract): Handler {
  const events = exampleEvents(contract);
  return () => ({ status: 200, stream: eventStreamOf(events) });
}

/**
 * Sends the spec example's first event, then waits (a paced token due in ten minutes) until the
 * client goes away: a stream cut short.
 */
export function standInStreamCutShort(contract: Contract): Handler {
  const [first = ''] = exampleEvents(contract);
  const [, second = ''] = exampleEvents(contract);
  return () => ({ status: 200, stream: eventStreamOf([first, second], { firstTokenDelayMs: 600_000 }, new Set([1])) });
}
