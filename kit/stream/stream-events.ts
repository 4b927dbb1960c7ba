import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import { DONE_DATA } from '../sse/read-sse';
import type { SseStream } from '../sse/read-sse';

/** One JSON event of a Responses stream (#/components/schemas/ResponseStreamEvent). */
export interface StreamEvent {
  /** Position among the stream's data events (0-based). */
  readonly index: number;
  /** `type`, or '' when the event has none. */
  readonly type: string;
  readonly body: Readonly<JsonObject>;
  /** The event's data as sent, for report excerpts. */
  readonly raw: string;
}

/** Events whose response object ends the stream (ResponseCompletedEvent, ResponseIncompleteEvent, ResponseFailedEvent). */
export const TERMINAL_EVENTS: readonly string[] = ['response.completed', 'response.incomplete', 'response.failed'];

/** The JSON events before `[DONE]`, with their type (data that is not a JSON object is left out). */
export function jsonEvents(stream: Pick<SseStream, 'events'>): StreamEvent[] {
  const out: StreamEvent[] = [];
  for (let index = 0; index < stream.events.length; index++) {
    const event = stream.events[index];
    if (!event || event.data === DONE_DATA) break;
    if (isRecord(event.json)) out.push(toStreamEvent(event.json, index, event.data));
  }
  return out;
}

function toStreamEvent(body: JsonObject, index: number, raw: string): StreamEvent {
  return { index, type: typeof body.type === 'string' ? body.type : '', body, raw };
}

/** Key of the output slot an event refers to: output index, item id and content/summary index. */
export function partKey(body: Readonly<JsonObject>): string {
  const sub = body.content_index ?? body.summary_index ?? '';
  return `${String(body.output_index ?? '')}|${String(body.item_id ?? '')}|${String(sub)}`;
}

/** `response.output_text.delta` → `response.output_text`. */
export function family(type: string): string {
  return type.slice(0, type.lastIndexOf('.'));
}

/** The member of a `.done` event that holds the joined deltas: `output_text` → `text`, `function_call_arguments` → `arguments`. */
export function doneField(familyName: string): string {
  const last = familyName.slice(familyName.lastIndexOf('.') + 1);
  return last.slice(last.lastIndexOf('_') + 1);
}

/** The response object of the terminal event, if any. */
export function finalResponse(events: readonly StreamEvent[]): JsonObject | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as StreamEvent;
    if (TERMINAL_EVENTS.includes(event.type)) return isRecord(event.body.response) ? event.body.response : undefined;
  }
  return undefined;
}

/**
 * The stream ended with `response.failed` (ResponseFailedEvent, after an `error` event): the
 * answer was cut short, so items and parts it had opened may stay open.
 */
export function endedFailed(events: readonly StreamEvent[]): boolean {
  return events.at(-1)?.type === 'response.failed';
}

export function describeEvent(event: StreamEvent): string {
  return `event #${event.index} (${event.type || 'no type'})`;
}
