/** Shared by the responses-*.test.ts files: SSE parsing and the stream event-order rules. */
import type { Server } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { DONE_DATA, readSse } from '../../../kit/sse/read-sse';
import type { MockServer } from '../../src/server';

export type Event = { type: string; sequence_number: number } & Record<string, unknown>;

export interface ParsedStream {
  readonly events: Event[];
  /** True when the last data line is `[DONE]`. */
  readonly done: boolean;
  readonly comments: string[];
}

/** Reads an SSE body as a client does (kit/sse) into its JSON events, the `[DONE]` sentinel and comments. */
export function parseSse(text: string): ParsedStream {
  const stream = readSse(text);
  if (stream.afterDone > 0) throw new Error(`${stream.afterDone} event(s) after [DONE]`);
  if (stream.malformed.length > 0) throw new Error(`malformed SSE lines: ${stream.malformed.join(' | ')}`);
  if (stream.unterminated) throw new Error(`last event has no blank line after it: ${stream.unterminated.data}`);
  const events = stream.events.flatMap((e): Event[] => {
    if (e.data === DONE_DATA) return [];
    if (e.jsonError !== undefined) throw new Error(`event data is not JSON: ${e.data.slice(0, 60)}`);
    return [e.json as Event];
  });
  return { events, done: stream.sawDone, comments: [...stream.comments] };
}

interface OpenPart {
  text: string;
  closed: boolean;
  textDone: boolean;
}

interface OpenItem {
  id: string;
  type: string;
  name?: string;
  args: string;
  argsDone: boolean;
  parts: OpenPart[];
  done?: Record<string, unknown>;
}

const TERMINAL = ['response.completed', 'response.incomplete', 'response.failed'];

/**
 * The ordering rules of a Responses stream (REFERENCE-FACTS, Streaming), as a list of broken
 * rules (empty when the stream is right): optional debug chunk, created → in_progress, items
 * appended in order with their parts, deltas that join to the done text, a terminal event whose
 * output equals the items as done (or `error` then `response.failed`, items left as they were),
 * and sequence numbers 0, 1, 2...
 */
export function eventOrderProblems(events: readonly Event[], options: { debug?: boolean } = {}): string[] {
  const problems: string[] = [];
  const fail = (i: number, message: string): void => {
    problems.push(`event ${i} (${events[i]?.type}): ${message}`);
  };
  events.forEach((e, i) => {
    if (e.sequence_number !== i) fail(i, `sequence_number ${e.sequence_number}, expected ${i}`);
  });
  let start = 0;
  if (options.debug) {
    if (events[0]?.type !== 'response.debug') fail(0, 'expected the response.debug chunk first');
    start = 1;
  }
  events.forEach((e, i) => {
    if (e.type === 'response.debug' && !(options.debug && i === 0)) fail(i, 'debug chunk out of place');
  });
  const created = events[start];
  const createdResponse = created?.response as Record<string, unknown> | undefined;
  if (created?.type !== 'response.created') fail(start, 'expected response.created');
  else if (createdResponse?.status !== 'in_progress' || !isDeepStrictEqual(createdResponse.output, [])) {
    fail(start, 'response.created must show status in_progress and output []');
  }
  if (events[start + 1]?.type !== 'response.in_progress') fail(start + 1, 'expected response.in_progress');

  const items: OpenItem[] = [];
  const open = (i: number, e: Event): OpenItem | undefined => {
    const item = items[e.output_index as number];
    if (!item || item.done) fail(i, `output_index ${String(e.output_index)} is not the open item`);
    else if (e.item_id !== undefined && e.item_id !== item.id)
      fail(i, `item_id ${String(e.item_id)} is not ${item.id}`);
    return item && !item.done ? item : undefined;
  };
  const part = (i: number, item: OpenItem | undefined, index: unknown): OpenPart | undefined => {
    const found = item?.parts[index as number];
    if (!found || found.closed) fail(i, `part ${String(index)} is not open`);
    return found && !found.closed ? found : undefined;
  };

  // A stream that fails ends with `error` then `response.failed`; what it had opened stays open.
  const failed = events[events.length - 1]?.type === 'response.failed';
  if (failed && events[events.length - 2]?.type !== 'error')
    fail(events.length - 2, 'response.failed must follow an error event');
  events.forEach((e, i) => {
    if (i < start + 2 || i === events.length - 1 || (failed && i === events.length - 2)) return;
    switch (e.type) {
      case 'response.output_item.added': {
        const item = e.item as Record<string, unknown>;
        if (e.output_index !== items.length)
          fail(i, `output_index ${String(e.output_index)}, expected ${items.length}`);
        if (items.some((it) => !it.done)) fail(i, 'an earlier item is still open');
        if (item.status !== 'in_progress') fail(i, 'an added item must be in_progress');
        items.push({
          id: String(item.id),
          type: String(item.type),
          name: item.name as string | undefined,
          args: '',
          argsDone: false,
          parts: [],
        });
        break;
      }
      case 'response.content_part.added':
      case 'response.reasoning_summary_part.added': {
        const item = open(i, e);
        const index = e.type === 'response.content_part.added' ? e.content_index : e.summary_index;
        if (item && index !== item.parts.length) fail(i, `part index ${String(index)}, expected ${item.parts.length}`);
        if (item?.parts.some((p) => !p.closed)) fail(i, 'an earlier part is still open');
        item?.parts.push({ text: '', closed: false, textDone: false });
        break;
      }
      case 'response.output_text.delta':
      case 'response.refusal.delta':
      case 'response.reasoning_summary_text.delta': {
        const p = part(
          i,
          open(i, e),
          e.type === 'response.reasoning_summary_text.delta' ? e.summary_index : e.content_index,
        );
        if (p?.textDone) fail(i, 'delta after done');
        if (p) p.text += String(e.delta);
        break;
      }
      case 'response.output_text.done':
      case 'response.refusal.done':
      case 'response.reasoning_summary_text.done': {
        const p = part(
          i,
          open(i, e),
          e.type === 'response.reasoning_summary_text.done' ? e.summary_index : e.content_index,
        );
        const text = e.type === 'response.refusal.done' ? e.refusal : e.text;
        if (p && text !== p.text)
          fail(i, `done text ${JSON.stringify(text)} is not the joined deltas ${JSON.stringify(p.text)}`);
        if (p) p.textDone = true;
        break;
      }
      case 'response.content_part.done':
      case 'response.reasoning_summary_part.done': {
        const p = part(i, open(i, e), e.type === 'response.content_part.done' ? e.content_index : e.summary_index);
        const shown = e.part as Record<string, unknown>;
        if (p && !p.textDone) fail(i, 'part done before its text done');
        if (p && (shown.text ?? shown.refusal) !== p.text) fail(i, 'part text differs from the deltas');
        if (p) p.closed = true;
        break;
      }
      case 'response.function_call_arguments.delta': {
        const item = open(i, e);
        if (item && (item.type !== 'function_call' || item.argsDone))
          fail(i, 'arguments delta outside an open function call');
        if (item) item.args += String(e.delta);
        break;
      }
      case 'response.function_call_arguments.done': {
        const item = open(i, e);
        if (item && e.arguments !== item.args) fail(i, 'arguments differ from the joined deltas');
        if (item && e.name !== item.name) fail(i, `name ${String(e.name)} is not ${String(item.name)}`);
        if (item) item.argsDone = true;
        break;
      }
      case 'response.output_item.done': {
        const item = open(i, e);
        if (item?.parts.some((p) => !p.closed)) fail(i, 'item done with a part still open');
        if (item?.type === 'function_call' && !item.argsDone) fail(i, 'function call done before its arguments');
        if (item) item.done = e.item as Record<string, unknown>;
        break;
      }
      default:
        if (TERMINAL.includes(e.type)) fail(i, 'terminal event before the end');
        if (e.type === 'error') fail(i, 'error event before the end (it comes right before response.failed)');
    }
  });

  const last = events[events.length - 1];
  if (!last || !TERMINAL.includes(last.type)) {
    fail(events.length - 1, 'the last event must be response.completed, response.incomplete or response.failed');
  } else if (!failed) {
    const output = (last.response as Record<string, unknown>).output as unknown[];
    if (items.some((it) => !it.done)) fail(events.length - 1, 'an item is still open at the end');
    if (
      !isDeepStrictEqual(
        output,
        items.map((it) => it.done),
      )
    )
      fail(events.length - 1, 'final output differs from the items as done');
  }
  return problems;
}

/**
 * The two ways the suites reach the mock: supertest on the server object (in-process; supertest
 * binds it to a port of its own), and the URL `mock.listen()` returns (the real socket path).
 */
export const TRANSPORTS = ['in-process', 'real socket'] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** What supertest's `request()` takes for a transport. */
export async function targetFor(mock: MockServer, transport: Transport): Promise<Server | string> {
  return transport === 'in-process' ? mock.server : new URL(await mock.listen()).origin;
}
