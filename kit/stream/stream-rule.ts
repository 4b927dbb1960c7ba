import type { SseStream } from '../sse/read-sse';
import type { StreamEvent } from './stream-events';
import type { StreamSpec } from './stream-spec';
import type { TimeWindow } from '../time/unix-seconds';

/** A stream as the rules read it. */
export interface StreamInput {
  /** The stream as an SSE client read it: framing, comments, `[DONE]`, what came after. */
  readonly stream: SseStream;
  /** Its JSON events before `[DONE]`. */
  readonly events: readonly StreamEvent[];
  /** The request set `debug.echo_upstream_body` (#/components/schemas/DebugOptions): a debug chunk comes first. */
  readonly debug: boolean;
  /** Pointer of the documented schema of the whole stream's events (ResponseStreamEvent). */
  readonly eventSchema: string;
  readonly spec: StreamSpec;
  /** When the reader's times say the response was made (the suite's run), in Unix seconds; any plausible date when absent. */
  readonly timeWindow?: TimeWindow;
}

/** What a rule found wrong. An empty list means the stream keeps the rule. */
export interface StreamProblem {
  readonly message: string;
  /** What spec/openapi.yaml asks for, in words. */
  readonly expected: string;
  /** Where the rule lives in spec/openapi.yaml, when it is not the rule's own place. */
  readonly rule?: string;
  /** The event (or line) that shows the problem. */
  readonly excerpt?: string;
  /** The cause in words, the same for every stream with this problem (reports group by it). */
  readonly cause?: string;
  /**
   * Something a stream cut short would still have sent (the terminal event, a closing `.done`,
   * `[DONE]`): when the stream was cut short, the cut explains it (see `streamProblems`).
   */
  readonly unfinished?: boolean;
}

/** One rule of a valid Responses stream, as a pure function. */
export interface StreamRule {
  /** The name the conformance check reporting it carries, e.g. `stream-deltas-join`. */
  readonly name: string;
  /** Where the rule lives in spec/openapi.yaml. */
  readonly rule: string;
  /**
   * Rules this one reads the stream through (the order of events, their ids): when one of them
   * finds a problem in a stream, this rule's problems there are knock-on effects of it.
   */
  readonly dependsOn?: readonly string[];
  problems(input: StreamInput): StreamProblem[];
}
