import type { Made, ResponsePlan, ResultTemplate } from '../answer/response-plan';
import { holeValues } from '../answer/response-plan';
import type { ResponseResult } from '../answer/response-types';
import { completionSeconds } from '../answer/clock';
import type { HoleValues, Template } from '../answer/result-template';
import { fill, toTemplate } from '../answer/result-template';
import type { Frame } from '../../../exchange/stream/sse-frame';
import { sseFrame } from '../../../exchange/stream/sse-frame';
import type { PlannedEvent } from './plan-events';
import type { StreamFailure } from '../../../exchange/stream/stream-failures';
import { failureEvents, streamEvents } from './plan-events';
import { SHUTDOWN_FAILURE } from '../../../exchange/stream/stream-failures';
import type { TokenCounter } from '../../../core/token-counter';

/**
 * The frames of one streamed response, and those that end it early: `error` and
 * `response.failed` with the failure given (by default the mock's shutdown), numbered from `nextSequence`.
 */
export interface ResponseFrames {
  readonly frames: Iterator<Frame>;
  readonly tail: (nextSequence: number, failure?: StreamFailure) => Frame[];
}

/** What a stream adds to the answer: the debug chunk. */
export interface StreamExtras {
  readonly debug: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The frames of a streamed answer. From the plan's template when it has one and the stream adds
 * nothing (no debug chunk, no simulated failure): the events are then serialized once per body
 * and each stream only fills in its ids and times. Otherwise built the ordinary way, event by
 * event as the stream goes.
 */
export function responseFrames(plan: ResponsePlan, made: Made, extras: StreamExtras): ResponseFrames {
  const template = extras.debug === undefined ? plan.template(made.serviceMetadata !== undefined) : undefined;
  const events = template && eventTemplates(template, plan.inputs.tokens);
  if (template && events) return fromTemplate(template, events, made);
  const result = plan.result(made);
  const finish = finishing(result, () => completionSeconds(result.created_at));
  return {
    frames: framesOf(streamEvents(result, finish, plan.inputs.tokens, extras.debug)),
    tail: (next, failure) => failureTail(result, next, failure),
  };
}

/** The terminal event's response: the result, stamped with the time the stream finished. */
function finishing(result: ResponseResult, completedAt: () => number): () => ResponseResult {
  return () => ({ ...result, completed_at: completedAt() });
}

function* framesOf(events: Iterable<PlannedEvent>): Generator<Frame> {
  for (const { event, token } of events) yield { text: sseFrame(event), token, sequence: event.sequence_number };
}

function failureTail(result: ResponseResult, nextSequence: number, failure = SHUTDOWN_FAILURE): Frame[] {
  return [...framesOf(failureEvents(result, nextSequence, failure))];
}

/** One event of the stream template. */
interface EventTemplate {
  readonly template: Template;
  readonly token: boolean;
  readonly sequence: number;
}

/** Made once per result template: the events the ordinary code plans for the marked result, serialized. */
const madeEvents = new WeakMap<ResultTemplate, readonly EventTemplate[] | null>();

function eventTemplates(result: ResultTemplate, tokens: TokenCounter): readonly EventTemplate[] | undefined {
  if (!madeEvents.has(result)) madeEvents.set(result, makeEventTemplates(result, tokens));
  return madeEvents.get(result) ?? undefined;
}

function makeEventTemplates({ marked, marks }: ResultTemplate, tokens: TokenCounter): EventTemplate[] | null {
  const events: EventTemplate[] = [];
  for (const { event, token } of streamEvents(
    marked,
    finishing(marked, () => marks.completedAt),
    tokens,
  )) {
    const template = toTemplate(sseFrame(event));
    if (!template) return null;
    events.push({ template, token, sequence: event.sequence_number });
  }
  return events;
}

/** The end of every templated stream's frames. */
const NO_MORE_FRAMES: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * The frames of one templated stream, taken one at a time: the iterator is itself the frame it
 * has just handed out, and a frame's text is filled in when it is read, as it is sent. A token
 * frame waits for its time (half a second at 2 tokens per second) after it is taken: an object
 * per frame, or its text, held that long would outlive the young generation and be promoted, so
 * that thousands of streams at once would keep the collectors busy. This way a stream makes
 * nothing per frame but the text it writes. It relies on what EventStream.frames promises: a
 * frame is read before the next is taken.
 *
 * A class, not a generator function written inside fromTemplate: each such function is a new
 * object with its own prototype, so every stream's generator had a shape of its own, and the
 * frame loop's call site, shared by thousands of streams, went megamorphic and rebuilt prototype
 * data stream after stream.
 */
class TemplateFrames implements Iterator<Frame>, Frame {
  #index = -1;
  readonly #current: IteratorYieldResult<Frame> = { done: false, value: this };

  constructor(
    private readonly events: readonly EventTemplate[],
    private readonly values: HoleValues,
  ) {}

  next(): IteratorResult<Frame, undefined> {
    if (this.#index + 1 >= this.events.length) return NO_MORE_FRAMES;
    this.#index++;
    return this.#current;
  }

  get #event(): EventTemplate {
    return this.events[this.#index] as EventTemplate;
  }

  get token(): boolean {
    return this.#event.token;
  }

  get sequence(): number {
    return this.#event.sequence;
  }

  get text(): string {
    return fill(this.#event.template, this.values);
  }
}

function fromTemplate(result: ResultTemplate, events: readonly EventTemplate[], made: Made): ResponseFrames {
  let completed: string | undefined;
  // The terminal event carries the time the stream actually finished.
  const values = holeValues(result, made, () => (completed ??= String(completionSeconds(made.createdAt))));
  return {
    frames: new TemplateFrames(events, values),
    // Only a stream ended early needs the response itself (for response.failed): read back from its JSON.
    tail: (next, failure) =>
      failureTail(
        JSON.parse(fill(result.template, { ...values, completed: () => values.created })) as ResponseResult,
        next,
        failure,
      ),
  };
}
