import { isRecord } from '../../json/guards';
import type { JsonObject } from '../../json/guards';
import { describeEvent, doneField, endedFailed, family, finalResponse, partKey } from '../stream-events';
import type { StreamEvent } from '../stream-events';
import type { StreamProblem, StreamRule } from '../stream-rule';
import { deltaFamilies } from '../stream-spec';

/** Where a family's text also stands once done: the part-done event and the item's list of parts. */
interface PartSlot {
  readonly index: 'content_index' | 'summary_index';
  readonly partDone: string;
  readonly list: 'content' | 'summary';
  readonly field: string;
}

/** ResponseContentPartDoneEvent and ResponseReasoningSummaryPartDoneEvent carry the part whose text the deltas built. */
const PART_SLOTS: Readonly<Record<string, PartSlot>> = {
  'response.output_text': {
    index: 'content_index',
    partDone: 'response.content_part.done',
    list: 'content',
    field: 'text',
  },
  'response.refusal': {
    index: 'content_index',
    partDone: 'response.content_part.done',
    list: 'content',
    field: 'refusal',
  },
  'response.reasoning_summary_text': {
    index: 'summary_index',
    partDone: 'response.reasoning_summary_part.done',
    list: 'summary',
    field: 'text',
  },
};

/**
 * Deltas joined equal the done text (ResponseOutputTextDeltaEvent: `delta` is "the text
 * fragment"): for every `X.delta` family that has an `X.done`, the fragments of one part joined in
 * order equal the done event's text; no fragment comes after its done; the part's done events (the
 * part, the item) carry that text, and so does the final response's output text.
 */
export const deltasJoin: StreamRule = {
  name: 'stream-deltas-join',
  rule: '#/components/schemas/ResponseOutputTextDeltaEvent',
  dependsOn: [
    'stream-framing',
    'stream-event-schema-valid',
    'stream-sequence-rising',
    'stream-pairs-matched',
    'stream-items-consistent',
  ],
  problems({ events, spec }) {
    const families = deltaFamilies(spec);
    const joined = new Map<string, string>();
    const closed = new Set<string>();
    const problems: StreamProblem[] = [];
    for (const event of events) {
      const name = family(event.type);
      if (!families.has(name)) continue;
      const key = `${name}#${partKey(event.body)}`;
      if (event.type.endsWith('.delta')) {
        if (closed.has(key))
          problems.push({
            message: `${describeEvent(event)} comes after its ${name}.done`,
            expected: 'all deltas before the done event',
            excerpt: event.raw,
          });
        joined.set(key, (joined.get(key) ?? '') + (typeof event.body.delta === 'string' ? event.body.delta : ''));
      } else if (event.type.endsWith('.done')) {
        closed.add(key);
        const field = doneField(name);
        const text = event.body[field];
        const got = joined.get(key) ?? '';
        if (typeof text === 'string' && text !== got) {
          problems.push({
            message: `${describeEvent(event)}: ${field} is ${quote(text)} but the deltas join to ${quote(got)}`,
            expected: `the deltas joined equal the done ${field}`,
            excerpt: event.raw,
          });
        }
        if (typeof text !== 'string') continue;
        const slot = PART_SLOTS[name];
        if (slot) problems.push(...compareParts(events, event.body, text, slot));
        if (name === 'response.function_call_arguments') problems.push(...compareArguments(events, event.body, text));
        if (name === 'response.output_text') problems.push(...compareFinal(events, event.body, text));
      }
    }
    for (const key of joined.keys()) {
      if (!closed.has(key) && !endedFailed(events))
        problems.push({
          message: `deltas of ${key} are never closed by a done event`,
          expected: `a ${key.slice(0, key.indexOf('#'))}.done carrying the joined text`,
          unfinished: true,
        });
    }
    return problems.slice(0, 5);
  },
};

/** The part-done event and the item-done event of the same part carry the same text. */
function compareParts(events: readonly StreamEvent[], done: Readonly<JsonObject>, text: string, slot: PartSlot) {
  const problems: StreamProblem[] = [];
  const at = done[slot.index];
  for (const event of events) {
    const b = event.body;
    if (b.output_index !== done.output_index) continue;
    let other: unknown;
    if (event.type === slot.partDone && b[slot.index] === at && isRecord(b.part)) other = b.part[slot.field];
    if (event.type === 'response.output_item.done' && isRecord(b.item) && typeof at === 'number') {
      const list = b.item[slot.list];
      const part = Array.isArray(list) ? (list[at] as unknown) : undefined;
      other = isRecord(part) ? part[slot.field] : undefined;
    }
    if (other !== undefined && other !== text) {
      problems.push({
        message: `${describeEvent(event)} has ${slot.field} ${quote(String(other))}, the deltas join to ${quote(text)}`,
        expected: 'every done event of the part carrying the joined text',
        excerpt: event.raw,
      });
    }
  }
  return problems;
}

/** The function call item, once done, carries the arguments the deltas built. */
function compareArguments(events: readonly StreamEvent[], done: Readonly<JsonObject>, text: string) {
  const itemDone = events.find(
    (e) => e.type === 'response.output_item.done' && e.body.output_index === done.output_index,
  );
  const item = itemDone && isRecord(itemDone.body.item) ? itemDone.body.item : undefined;
  if (!itemDone || !item || item.arguments === undefined || item.arguments === text) return [];
  return [
    {
      message: `${describeEvent(itemDone)} has arguments ${quote(String(item.arguments))}, the deltas join to ${quote(text)}`,
      expected: 'the function call item carrying the joined arguments',
      excerpt: itemDone.raw,
    },
  ];
}

/** The final response's output_text part at the same place carries the same text. */
function compareFinal(events: readonly StreamEvent[], done: Readonly<JsonObject>, text: string): StreamProblem[] {
  // A failed stream's response lists what was done before the failure, or nothing (ResponseFailedSnapshot).
  if (endedFailed(events)) return [];
  const output = finalResponse(events)?.output;
  if (!Array.isArray(output) || typeof done.output_index !== 'number' || typeof done.content_index !== 'number')
    return [];
  const item: unknown = output[done.output_index];
  const part: unknown = isRecord(item) && Array.isArray(item.content) ? item.content[done.content_index] : undefined;
  if (!isRecord(part))
    return [
      {
        message: `the final response has no content part at output[${done.output_index}].content[${done.content_index}]`,
        expected: 'the streamed text in the final response',
      },
    ];
  if (part.text === text) return [];
  return [
    {
      message: `final output[${done.output_index}].content[${done.content_index}].text is ${quote(String(part.text))}, the stream said ${quote(text)}`,
      expected: "the final response's text equal to the joined deltas",
    },
  ];
}

function quote(text: string): string {
  return JSON.stringify(text.slice(0, 200));
}
