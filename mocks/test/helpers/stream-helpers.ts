/** Shared by the stream tests: SSE parsing, the contract's stream rules (kit/stream) and the mock's own promises. */
import type { Server } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { loadContract } from '../../../kit/contract/contract';
import { DONE_DATA, readSse, streamOfEvents } from '../../../kit/sse/read-sse';
import { streamProblems } from '../../../kit/stream/stream-oracle';
import { streamSpec } from '../../../kit/stream/stream-spec';
import type { StreamSpec } from '../../../kit/stream/stream-spec';
import type { MockServer } from '../../src/runtimes/node/server';

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

let spec: StreamSpec | undefined;

/**
 * What the contract says is wrong with a stream of these events: the kit's stream oracle, the
 * same rules the conformance suite checks (kit/stream). Each problem starts with its rule's name.
 */
export function contractStreamProblems(events: readonly Event[], options: { debug?: boolean } = {}): string[] {
  spec ??= streamSpec(loadContract());
  return streamProblems(streamOfEvents(events), spec, options).map((p) => `${p.check}: ${p.message}`);
}

const TERMINAL = ['response.completed', 'response.incomplete', 'response.failed'];

/**
 * What the mock promises beyond the contract (the order the public gateway uses, which SDK stream
 * helpers rely on), as a list of broken promises: `response.in_progress` right after
 * `response.created`, which shows status `in_progress` and no output; sequence numbers equal to
 * the event's place; the debug chunk first and nowhere else; one item open at a time, added
 * `in_progress`, and one part open at a time within it; a part's text done before the part, a
 * function call's arguments done before the item, every part done before its item; and a failed
 * stream's `error` event right before `response.failed`.
 */
export function mockStreamPromises(events: readonly Event[], options: { debug?: boolean } = {}): string[] {
  const problems: string[] = [];
  const fail = (i: number, message: string): void => {
    problems.push(`event ${i} (${events[i]?.type}): ${message}`);
  };
  events.forEach((e, i) => {
    if (e.sequence_number !== i) fail(i, `sequence_number ${e.sequence_number}, expected ${i}`);
    if (e.type === 'response.debug' && !(options.debug && i === 0)) fail(i, 'debug chunk out of place');
  });
  const start = options.debug ? 1 : 0;
  if (options.debug && events[0]?.type !== 'response.debug') fail(0, 'expected the response.debug chunk first');
  const created = events[start]?.response as Record<string, unknown> | undefined;
  if (created?.status !== 'in_progress' || !isDeepStrictEqual(created.output, []))
    fail(start, 'response.created must show status in_progress and output []');
  if (events[start + 1]?.type !== 'response.in_progress') fail(start + 1, 'expected response.in_progress');
  const last = events.length - 1;
  if (events[last]?.type === 'response.failed' && events[last - 1]?.type !== 'error')
    fail(last - 1, 'response.failed must come right after an error event');

  let openItem: { type: string; argsDone: boolean } | undefined;
  let openPart: { textDone: boolean } | undefined;
  events.forEach((e, i) => {
    switch (e.type) {
      case 'response.output_item.added': {
        const item = e.item as Record<string, unknown>;
        if (openItem) fail(i, 'an earlier item is still open');
        if (item.status !== 'in_progress') fail(i, 'an added item must be in_progress');
        openItem = { type: String(item.type), argsDone: false };
        break;
      }
      case 'response.content_part.added':
      case 'response.reasoning_summary_part.added':
        if (openPart) fail(i, 'an earlier part is still open');
        openPart = { textDone: false };
        break;
      case 'response.output_text.done':
      case 'response.refusal.done':
      case 'response.reasoning_summary_text.done':
        if (openPart) openPart.textDone = true;
        break;
      case 'response.content_part.done':
      case 'response.reasoning_summary_part.done':
        if (!openPart?.textDone) fail(i, 'part done before its text done');
        openPart = undefined;
        break;
      case 'response.function_call_arguments.done':
        if (openItem) openItem.argsDone = true;
        break;
      case 'response.output_item.done':
        if (openPart) fail(i, 'item done with a part still open');
        if (openItem?.type === 'function_call' && !openItem.argsDone)
          fail(i, 'function call done before its arguments');
        openItem = undefined;
        break;
      default:
        if (TERMINAL.includes(e.type) && i !== last) fail(i, 'terminal event before the end');
    }
  });
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

/** Reads a body to its end or its failure: the text that came before, and the error (undefined when it ended well). */
export async function readUntilFailure(body: ReadableStream<Uint8Array>): Promise<{ text: string; failure: unknown }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, failure: undefined };
      text += decoder.decode(value, { stream: true });
    }
  } catch (failure) {
    return { text, failure };
  }
}
