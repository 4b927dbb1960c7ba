import type { SseStream } from '../sse/read-sse';
import { jsonEvents } from './stream-events';
import type { StreamInput, StreamProblem, StreamRule } from './stream-rule';
import type { StreamSpec } from './stream-spec';
import { deltasJoin } from './rules/deltas-join';
import { doneLast } from './rules/done-last';
import { eventsMatchSchemas } from './rules/events-match-schemas';
import { framing } from './rules/framing';
import { itemsConsistent } from './rules/items-consistent';
import { lifecycleOrder } from './rules/lifecycle-order';
import { pairsMatched } from './rules/pairs-matched';
import { sequenceRising } from './rules/sequence-rising';

/**
 * The rules of a valid Responses stream (createResponse 200 text/event-stream), each written once.
 * The conformance suite reports each as a check of the same name; the mock's test mode and its
 * tests run them all.
 */
export const STREAM_RULES: readonly StreamRule[] = [
  framing,
  doneLast,
  eventsMatchSchemas,
  lifecycleOrder,
  sequenceRising,
  pairsMatched,
  itemsConsistent,
  deltasJoin,
];

/** A problem with the name of the rule that found it. */
export interface NamedStreamProblem extends StreamProblem {
  /** The rule's name, e.g. `stream-deltas-join`. */
  readonly check: string;
}

export interface StreamOptions {
  /** The request set `debug.echo_upstream_body`: a debug chunk comes first. */
  readonly debug?: boolean;
  /** Pointer of the schema the events are documented with; ResponseStreamEvent by default. */
  readonly eventSchema?: string;
}

/** The stream as the rules read it. */
export function streamInput(stream: SseStream, spec: StreamSpec, options: StreamOptions = {}): StreamInput {
  return {
    stream,
    events: jsonEvents(stream),
    debug: options.debug === true,
    eventSchema: options.eventSchema ?? '#/components/schemas/ResponseStreamEvent',
    spec,
  };
}

/** Every rule's problems with a stream; [] when it is a valid Responses stream. */
export function streamProblems(stream: SseStream, spec: StreamSpec, options: StreamOptions = {}): NamedStreamProblem[] {
  const input = streamInput(stream, spec, options);
  return STREAM_RULES.flatMap((rule) => rule.problems(input).map((problem) => ({ check: rule.name, ...problem })));
}
