import { isRecord } from '../../kit/json/guards';
import { debugChunkFirst } from '../../kit/stream/rules/debug-chunk-first';
import { isEventStream, streamRuleCheck } from '../engine/stream-helpers';
import type { Exchange } from '../engine/types';

/** Whether the request asked for the debug chunk (DebugOptions `echo_upstream_body`). */
function asksForDebugChunk(exchange: Exchange): boolean {
  const body = exchange.request.body;
  return isRecord(body) && isRecord(body.debug) && body.debug.echo_upstream_body === true;
}

/** The debug chunk first when the request asked for it (kit/stream/rules/debug-chunk-first.ts); judged on those streams only. */
export const streamDebugChunkFirst = streamRuleCheck(
  debugChunkFirst,
  (exchange) => isEventStream(exchange) && asksForDebugChunk(exchange),
);
