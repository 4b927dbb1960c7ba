import { STREAM_RULES } from '../../kit/stream/stream-oracle';
import { isRecord } from '../../kit/json/guards';
import { debugChunkFirst } from '../../kit/stream/rules/debug-chunk-first';
import { eventsMatchSchemas } from '../../kit/stream/rules/events-match-schemas';
import { documentedSchema } from '../engine/response-helpers';
import { isEventStream, streamRuleCheck } from '../engine/stream-helpers';
import type { Check } from '../engine/types';

/** Each event validates against its own schema only where the answer documents one (kit/stream/rules/events-match-schemas.ts). */
const documentedEventStream: Check['applies'] = (exchange) =>
  isEventStream(exchange) && documentedSchema(exchange) !== undefined;

/** Whether the request asked for the debug chunk (DebugOptions `echo_upstream_body`): only those streams are judged by it. */
const asksForDebugChunk: Check['applies'] = (exchange) => {
  const body = exchange.request.body;
  return isEventStream(exchange) && isRecord(body) && isRecord(body.debug) && body.debug.echo_upstream_body === true;
};

/**
 * Every rule of the kit's stream oracle (STREAM_RULES, kit/stream/stream-oracle.ts) as a check of
 * the same name and verdict, in the oracle's order: a rule added there is run by the suite, the
 * proxy and the mock's test mode alike, with nothing to register here. A stalled stream is
 * stream-completes-in-time's finding: its missing `[DONE]` (stream-done-last) is the knock-on.
 */
export const STREAM_RULE_CHECKS: readonly Check[] = STREAM_RULES.map((rule) =>
  streamRuleCheck(
    rule,
    rule === eventsMatchSchemas ? documentedEventStream : rule === debugChunkFirst ? asksForDebugChunk : isEventStream,
  ),
);
