import { mediaType } from './response-helpers';
import type { Exchange } from './types';
import { isRecord } from '../../kit/json/guards';

export interface StreamEvent {
  /** Position among the stream's data events (0-based). */
  readonly index: number;
  readonly type: string;
  readonly body: Readonly<Record<string, unknown>>;
  readonly raw: string;
}

/** Events whose JSON response carries the full response object (lifecycle events). */
export const TERMINAL_EVENTS: readonly string[] = ['response.completed', 'response.incomplete', 'response.failed'];

/** A request for a stream that got a 200 event stream back: stream checks apply to it. */
export function isEventStream(exchange: Exchange): boolean {
  return exchange.request.stream === true && exchange.stream !== undefined && exchange.response?.status === 200;
}

export function isSseContentType(exchange: Exchange): boolean {
  return exchange.response !== undefined && mediaType(exchange.response.headers) === 'text/event-stream';
}

/** The JSON events before `[DONE]`, with their type (events that are not JSON objects are left out). */
export function jsonEvents(exchange: Exchange): StreamEvent[] {
  const out: StreamEvent[] = [];
  const events = exchange.stream?.events ?? [];
  for (let index = 0; index < events.length; index++) {
    const event = events[index];
    if (!event || event.data === '[DONE]') break;
    if (isRecord(event.json)) {
      out.push({
        index,
        type: typeof event.json.type === 'string' ? event.json.type : '',
        body: event.json,
        raw: event.data,
      });
    }
  }
  return out;
}

/** Key of the output slot an event refers to: output index, item id and content/summary index. */
export function partKey(body: Readonly<Record<string, unknown>>): string {
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
export function finalResponse(events: readonly StreamEvent[]): Record<string, unknown> | undefined {
  const terminal = [...events].reverse().find((e) => TERMINAL_EVENTS.includes(e.type));
  return terminal && isRecord(terminal.body.response) ? terminal.body.response : undefined;
}

export function describeEvent(event: StreamEvent): string {
  return `event #${event.index} (${event.type || 'no type'})`;
}
