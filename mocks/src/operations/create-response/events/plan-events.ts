import type { TokenCounter } from '../../../core/token-counter';
import type { StreamFailure } from '../../../exchange/stream/stream-failures';
import type { OutputItem, ResponseResult, ResponseSnapshot, StreamEvent } from '../answer/response-types';

/** One event to send; `token` marks the deltas that pacing spaces out. */
export interface PlannedEvent {
  readonly event: StreamEvent;
  readonly token: boolean;
}

/**
 * The events of one streamed response, in the public gateway's order, which the spec does not
 * show (ResponseStreamEvent: x-not-shown; the `text` example of createResponse's event stream
 * follows it): [response.debug] → response.created → response.in_progress → per output item
 * added / part added / deltas / done events → response.completed (or response.incomplete).
 * `sequence_number` starts at 0 and rises by 1. Deltas are token pieces, so they join to the
 * final text (cut by the mock's `tokens`). Lazy: nothing is computed for events a disconnected
 * client will never get.
 * `finish` gives the final response for the terminal event (completed_at is stamped then).
 * A stream cut short (a simulated upstream failure, a scenario's cut) is the pacer's doing
 * (paced-stream.ts, `EventStream.cut`), ended with `failureEvents` through the stream's tail.
 */
export function* streamEvents(
  result: ResponseResult,
  finish: () => ResponseResult,
  tokens: TokenCounter,
  debug?: Readonly<Record<string, unknown>>,
): Generator<PlannedEvent> {
  yield* answerEvents(result, finish, tokens, debug);
}

/**
 * How a stream that cannot go on ends (ResponseErrorEvent: an `error` event is followed by
 * `response.failed`): `error` with the failure's code and message, and the same as an `error`
 * object (the member the `openai` SDK raises an APIError for, so LangChain and the SDK's own
 * iterators throw), then `response.failed` holding the response with status `failed`, the error
 * and its `error_type`. Numbered from `firstSequence`.
 */
export function failureEvents(result: ResponseResult, firstSequence: number, failure: StreamFailure): PlannedEvent[] {
  const { code, message, errorType } = failure;
  const error = { type: code, code, message, param: null };
  return [
    { event: { type: 'error', sequence_number: firstSequence, code, message, param: null, error }, token: false },
    {
      event: {
        type: 'response.failed',
        sequence_number: firstSequence + 1,
        // ResponseFailedSnapshot: the response as far as it came, with its created_at, model and error.
        response: {
          ...inProgress(result),
          created_at: result.created_at,
          model: result.model,
          status: 'failed',
          error: { code, message },
          error_type: errorType,
        },
      },
      token: false,
    },
  ];
}

/** A stream event before it is numbered. */
type Unnumbered<Event = StreamEvent> = Event extends unknown ? Omit<Event, 'sequence_number'> : never;

function* answerEvents(
  result: ResponseResult,
  finish: () => ResponseResult,
  tokens: TokenCounter,
  debug?: Readonly<Record<string, unknown>>,
): Generator<PlannedEvent> {
  let sequence = 0;
  const pieces = (text: string): string[] => tokens.splitTokens(text).map((piece) => piece.text);
  // `type` first, then `sequence_number`, then the event's own members.
  const make = (fields: Unnumbered, token = false): PlannedEvent => ({
    event: Object.assign({ type: fields.type, sequence_number: sequence++ }, fields),
    token,
  });
  if (debug !== undefined) yield make({ type: 'response.debug', debug });
  const snapshot = inProgress(result);
  yield make({ type: 'response.created', response: snapshot });
  yield make({ type: 'response.in_progress', response: snapshot });
  for (const [index, item] of result.output.entries()) {
    yield make({ type: 'response.output_item.added', output_index: index, item: startedItem(item) });
    const at = { item_id: item.id, output_index: index };
    if (item.type === 'reasoning') {
      for (const [summaryIndex, part] of item.summary.entries()) {
        const where = { ...at, summary_index: summaryIndex };
        const empty = { type: 'summary_text', text: '' } as const;
        yield make({ type: 'response.reasoning_summary_part.added', ...where, part: empty });
        for (const delta of pieces(part.text))
          yield make({ type: 'response.reasoning_summary_text.delta', ...where, delta }, true);
        yield make({ type: 'response.reasoning_summary_text.done', ...where, text: part.text });
        yield make({ type: 'response.reasoning_summary_part.done', ...where, part });
      }
    } else if (item.type === 'function_call') {
      for (const delta of pieces(item.arguments))
        yield make({ type: 'response.function_call_arguments.delta', ...at, delta }, true);
      yield make({ type: 'response.function_call_arguments.done', ...at, name: item.name, arguments: item.arguments });
    } else {
      for (const [contentIndex, part] of item.content.entries()) {
        const where = { ...at, content_index: contentIndex };
        if (part.type === 'output_text') {
          yield make({
            type: 'response.content_part.added',
            ...where,
            part: { type: 'output_text', text: '', annotations: [], logprobs: [] },
          });
          for (const delta of pieces(part.text))
            yield make({ type: 'response.output_text.delta', ...where, delta, logprobs: [] }, true);
          yield make({ type: 'response.output_text.done', ...where, text: part.text, logprobs: [] });
        } else {
          yield make({ type: 'response.content_part.added', ...where, part: { type: 'refusal', refusal: '' } });
          for (const delta of pieces(part.refusal))
            yield make({ type: 'response.refusal.delta', ...where, delta }, true);
          yield make({ type: 'response.refusal.done', ...where, refusal: part.refusal });
        }
        yield make({ type: 'response.content_part.done', ...where, part });
      }
    }
    yield make({ type: 'response.output_item.done', output_index: index, item });
  }
  const final = finish();
  yield final.status === 'completed'
    ? make({ type: 'response.completed', response: final })
    : make({ type: 'response.incomplete', response: final });
}

/** The response as `response.created` shows it: in progress, nothing produced yet. */
function inProgress(result: ResponseResult): ResponseSnapshot {
  const snapshot: ResponseSnapshot = {
    ...result,
    status: 'in_progress',
    completed_at: null,
    incomplete_details: null,
    output: [],
  };
  delete snapshot.usage;
  delete snapshot.service_metadata;
  return snapshot;
}

/** An output item as `response.output_item.added` shows it: in progress and empty. */
function startedItem(item: OutputItem): OutputItem {
  switch (item.type) {
    case 'message':
      return { ...item, status: 'in_progress', content: [] };
    case 'reasoning':
      return { ...item, status: 'in_progress', summary: [] };
    case 'function_call':
      return { ...item, status: 'in_progress', arguments: '' };
  }
}
