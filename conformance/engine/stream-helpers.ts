import { isRecord } from '../../kit/json/guards';
import { TERMINAL_EVENTS, jsonEvents } from '../../kit/stream/stream-events';
import { streamProblems } from '../../kit/stream/stream-oracle';
import type { NamedStreamProblem } from '../../kit/stream/stream-oracle';
import type { StreamEvent } from '../../kit/stream/stream-events';
import type { StreamRule } from '../../kit/stream/stream-rule';
import { documentedSchema, mediaType } from './response-helpers';
import type { Check, CheckContext, Exchange } from './types';

/** The check that reports a stream the reader gave up on (stalled, connection lost). */
export const CUT_SHORT_CHECK = 'stream-completes-in-time';

/** A request for a stream that got a 200 event stream back: stream checks apply to it. */
export function isEventStream(exchange: Exchange): boolean {
  return exchange.request.stream === true && exchange.stream !== undefined && exchange.response?.status === 200;
}

export function isSseContentType(exchange: Exchange): boolean {
  return exchange.response !== undefined && mediaType(exchange.response.headers) === 'text/event-stream';
}

/**
 * The reader gave up on the exchange's stream before it ended (it stalled, overran the request
 * timeout or lost its connection) and no terminal event had come: what the answer would have
 * carried never arrived, and `stream-completes-in-time` reports why.
 */
export function streamCutBeforeItsEnd(exchange: Exchange): boolean {
  const stream = exchange.stream;
  if (!stream || (stream.stalled ?? stream.overran ?? stream.transportError) === undefined) return false;
  return !streamEventsOf(exchange).some((event) => TERMINAL_EVENTS.includes(event.type));
}

/** The JSON events of the exchange's stream before `[DONE]` ([] when it has none). */
export function streamEventsOf(exchange: Exchange): StreamEvent[] {
  return exchange.stream ? jsonEvents(exchange.stream) : [];
}

const problemsByExchange = new WeakMap<Exchange, NamedStreamProblem[]>();

/**
 * The kit oracle's problems with the exchange's stream, computed once per exchange: every rule
 * of kit/stream on the stream as the client read it, each problem another one explains marked as
 * its knock-on effect (a stall or a broken connection explains what never came).
 */
export function streamProblemsOf(exchange: Exchange, ctx: CheckContext): NamedStreamProblem[] {
  const stream = exchange.stream;
  if (!stream) return [];
  let found = problemsByExchange.get(exchange);
  if (!found) {
    const body = exchange.request.body;
    const debug = isRecord(body) && isRecord(body.debug) && body.debug.echo_upstream_body === true;
    const cut = stream.stalled ?? stream.overran ?? stream.transportError;
    const cutShort = cut === undefined ? undefined : CUT_SHORT_CHECK;
    const timeWindow = ctx.clock === undefined ? undefined : ctx.clock.window();
    found = streamProblems(stream, ctx.streamSpec, {
      debug,
      eventSchema: documentedSchema(exchange),
      cutShort,
      ...(timeWindow === undefined ? {} : { timeWindow }),
    });
    problemsByExchange.set(exchange, found);
  }
  return found;
}

/**
 * A rule of the kit's stream oracle as a check: same name, same verdict; the suite only says
 * when it applies and hands it the stream as the client read it. A rule whose every problem is a
 * knock-on effect of another check's finding has nothing of its own to judge: it does not apply,
 * so it neither passes nor repeats the root failure; nor does one on a stream cut before its first event.
 */
export function streamRuleCheck(rule: StreamRule, applies: Check['applies'] = isEventStream): Check {
  const own = (exchange: Exchange, ctx: CheckContext) =>
    streamProblemsOf(exchange, ctx).filter((problem) => problem.check === rule.name);
  return {
    name: rule.name,
    family: 'stream',
    rule: rule.rule,
    applies: (exchange, ctx) => {
      if (!applies(exchange, ctx)) return false;
      const problems = own(exchange, ctx);
      if (problems.some((problem) => problem.knockOnOf === undefined)) return true;
      // Nothing of its own to report: a pass, unless the stream was cut before its first event and so
      // gave the rule nothing to judge (a pass there would be vacuous).
      return problems.length === 0 && !(streamCutBeforeItsEnd(exchange) && streamEventsOf(exchange).length === 0);
    },
    verify: (exchange, ctx) =>
      own(exchange, ctx)
        .filter((problem) => problem.knockOnOf === undefined)
        .map(({ message, expected, rule: where, excerpt, cause }) => ({
          message,
          expected,
          rule: where,
          excerpt,
          ...(cause === undefined ? {} : { cause }),
        })),
  };
}
