import { DONE_DATA } from '../sse/read-sse';
import type { SseStream } from '../sse/read-sse';
import { TERMINAL_EVENTS, jsonEvents } from './stream-events';
import type { StreamInput, StreamProblem, StreamRule } from './stream-rule';
import type { StreamSpec } from './stream-spec';
import { deltasJoin } from './rules/deltas-join';
import { doneLast } from './rules/done-last';
import { eventsMatchSchemas } from './rules/events-match-schemas';
import { framing } from './rules/framing';
import { itemsConsistent } from './rules/items-consistent';
import { lifecycleOrder } from './rules/lifecycle-order';
import { debugChunkFirst } from './rules/debug-chunk-first';
import { pairsMatched } from './rules/pairs-matched';
import { sequenceRising } from './rules/sequence-rising';
import { timestampsPlausible } from './rules/timestamps-plausible';
import type { TimeWindow } from '../time/unix-seconds';

/**
 * The rules of a valid Responses stream (createResponse 200 text/event-stream), each written once.
 * The one registry of them: the conformance suite reports each as a check of the same name, in
 * this order (conformance/checks/stream-rule-checks.ts); the mock's test mode, the proxy and the
 * tests run them all. A rule comes after the rules it depends on (`dependsOn`).
 */
export const STREAM_RULES: readonly StreamRule[] = [
  framing,
  eventsMatchSchemas,
  sequenceRising,
  lifecycleOrder,
  debugChunkFirst,
  pairsMatched,
  itemsConsistent,
  deltasJoin,
  timestampsPlausible,
  doneLast,
];

/** A problem with the name of the rule that found it. */
export interface NamedStreamProblem extends StreamProblem {
  /** The rule's name, e.g. `stream-deltas-join`. */
  readonly check: string;
  /**
   * Set when another problem of the same stream explains this one: the name of the rule (or of
   * the reader's check, `StreamOptions.cutShort`) that found the root. A report shows the root and
   * leaves its knock-on effects out; undefined for a root problem.
   */
  readonly knockOnOf?: string;
}

export interface StreamOptions {
  /** The request set `debug.echo_upstream_body`: a debug chunk comes first. */
  readonly debug?: boolean;
  /** Pointer of the schema the events are documented with; ResponseStreamEvent by default. */
  readonly eventSchema?: string;
  /**
   * The reader stopped before the stream ended (it stalled, the connection broke): the name of the
   * check that reports that. What the stream would still have sent is then its knock-on effect.
   */
  readonly cutShort?: string;
  /** When the response was made, in Unix seconds (the suite's run, clock skew allowed); any plausible date by default. */
  readonly timeWindow?: TimeWindow;
}

/** The stream as the rules read it. */
export function streamInput(stream: SseStream, spec: StreamSpec, options: StreamOptions = {}): StreamInput {
  return {
    stream,
    events: jsonEvents(stream),
    debug: options.debug === true,
    eventSchema: options.eventSchema ?? '#/components/schemas/ResponseStreamEvent',
    spec,
    ...(options.timeWindow === undefined ? {} : { timeWindow: options.timeWindow }),
  };
}

/**
 * Every rule's problems with a stream; [] when it is a valid Responses stream. A problem another
 * one explains carries `knockOnOf`: one of a rule whose `dependsOn` rule failed on the stream, and
 * one of what a stream cut short never sent (the reader's `cutShort`, or a stream that ended with
 * neither a terminal event nor `[DONE]`).
 */
export function streamProblems(stream: SseStream, spec: StreamSpec, options: StreamOptions = {}): NamedStreamProblem[] {
  const input = streamInput(stream, spec, options);
  const cut = options.cutShort ?? abruptEnd(input);
  /** Rule name → the root its failure traces back to (itself for a root problem). */
  const rootOf = new Map<string, string>();
  const out: NamedStreamProblem[] = [];
  for (const rule of STREAM_RULES) {
    const cause = rule.dependsOn?.map((name) => rootOf.get(name)).find((root) => root !== undefined);
    const found = rule.problems(input).map((problem): NamedStreamProblem => {
      const knockOnOf = cause ?? (problem.unfinished && cut !== rule.name ? cut : undefined);
      return knockOnOf === undefined ? { check: rule.name, ...problem } : { check: rule.name, ...problem, knockOnOf };
    });
    const root = found.some((p) => p.knockOnOf === undefined) ? rule.name : found[0]?.knockOnOf;
    if (root !== undefined) rootOf.set(rule.name, root);
    out.push(...found);
  }
  return out;
}

/** The problems a report shows: the roots, without their knock-on effects. */
export function rootProblems(problems: readonly NamedStreamProblem[]): NamedStreamProblem[] {
  return problems.filter((problem) => problem.knockOnOf === undefined);
}

/**
 * A stream that ended with neither a terminal event nor `[DONE]` was cut short by the gateway: the
 * rule that names the cut is framing's when a last event lost its blank line, else done-last's.
 */
function abruptEnd({ stream, events }: StreamInput): string | undefined {
  if (stream.sawDone || events.some((event) => TERMINAL_EVENTS.includes(event.type))) return undefined;
  return stream.unterminated !== undefined && stream.unterminated.data !== DONE_DATA ? framing.name : doneLast.name;
}
