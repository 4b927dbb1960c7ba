import { isRecord } from '../../kit/json/guards';
import { jsonEvents } from '../../kit/stream/stream-events';
import { streamInput } from '../../kit/stream/stream-oracle';
import type { StreamEvent } from '../../kit/stream/stream-events';
import type { StreamRule } from '../../kit/stream/stream-rule';
import { documentedSchema, mediaType } from './response-helpers';
import type { Check, CheckContext, Exchange } from './types';

/** A request for a stream that got a 200 event stream back: stream checks apply to it. */
export function isEventStream(exchange: Exchange): boolean {
  return exchange.request.stream === true && exchange.stream !== undefined && exchange.response?.status === 200;
}

export function isSseContentType(exchange: Exchange): boolean {
  return exchange.response !== undefined && mediaType(exchange.response.headers) === 'text/event-stream';
}

/** The JSON events of the exchange's stream before `[DONE]` ([] when it has none). */
export function streamEventsOf(exchange: Exchange): StreamEvent[] {
  return exchange.stream ? jsonEvents(exchange.stream) : [];
}

/**
 * A rule of the kit's stream oracle as a check: same name, same verdict; the suite only says
 * when it applies and hands it the stream as the client read it.
 */
export function streamRuleCheck(rule: StreamRule, applies: Check['applies'] = isEventStream): Check {
  return {
    name: rule.name,
    family: 'stream',
    rule: rule.rule,
    applies,
    verify(exchange: Exchange, ctx: CheckContext) {
      if (!exchange.stream) return [];
      const body = exchange.request.body;
      const debug = isRecord(body) && isRecord(body.debug) && body.debug.echo_upstream_body === true;
      const eventSchema = documentedSchema(exchange);
      return rule.problems(streamInput(exchange.stream, ctx.streamSpec, { debug, eventSchema }));
    },
  };
}
