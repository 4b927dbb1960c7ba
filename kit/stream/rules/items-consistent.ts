import { jsonEqual } from '../../json/json-equal';
import { isRecord } from '../../json/guards';
import type { JsonObject } from '../../json/guards';
import { describeEvent, endedFailed, finalResponse } from '../stream-events';
import type { StreamEvent } from '../stream-events';
import type { StreamProblem, StreamRule } from '../stream-rule';

interface ItemState {
  readonly id: unknown;
  readonly name: unknown;
  done?: JsonObject;
  nextContent: number;
}

const SHOWN = 5;

/**
 * Item ids and indexes agree (the `item_id`, `output_index` and `content_index` of the events of
 * ResponseStreamEvent): output items are appended at 0, 1, 2…; every event that names an item uses
 * the id and index it was added with, while it is open; content parts are appended in order; a
 * function call's arguments come with the name it was added with; and the final response of a
 * stream that completes (ResponseCompletedEvent, ResponseIncompleteEvent) lists exactly the items
 * as their output_item.done events gave them.
 */
export const itemsConsistent: StreamRule = {
  name: 'stream-items-consistent',
  rule: '#/components/schemas/ResponseStreamEvent',
  dependsOn: ['stream-framing', 'stream-event-schema-valid', 'stream-sequence-rising', 'stream-pairs-matched'],
  problems({ events }) {
    const items: ItemState[] = [];
    const problems: StreamProblem[] = [];
    const fail = (message: string, expected: string, raw?: string) =>
      problems.push({ message, expected, excerpt: raw });
    for (const event of events) {
      const b = event.body;
      if (event.type === 'response.output_item.added') {
        const item = isRecord(b.item) ? b.item : {};
        if (b.output_index !== items.length)
          fail(
            `${describeEvent(event)} adds output_index ${String(b.output_index)}`,
            `output_index ${items.length} (items are appended in order)`,
            event.raw,
          );
        items.push({ id: item.id, name: item.name, nextContent: 0 });
        continue;
      }
      if (typeof b.output_index !== 'number' || !event.type.startsWith('response.')) continue;
      const state = items[b.output_index];
      if (!state) {
        fail(
          `${describeEvent(event)} names output_index ${b.output_index}, which was never added`,
          'events only for added output items',
          event.raw,
        );
        continue;
      }
      checkEvent(event, state, fail);
      if (problems.length >= SHOWN) return problems;
    }
    problems.push(...compareFinal(events, items));
    return problems.slice(0, SHOWN);
  },
};

type Fail = (message: string, expected: string, raw?: string) => void;

function checkEvent(event: StreamEvent, state: ItemState, fail: Fail): void {
  const b = event.body;
  const at = b.output_index as number;
  const item = isRecord(b.item) ? b.item : undefined;
  const id = item ? item.id : b.item_id;
  if (id !== undefined && id !== state.id)
    fail(
      `${describeEvent(event)} names item ${String(id)} at output_index ${at}, which holds ${String(state.id)}`,
      'the item id the output index was added with',
      event.raw,
    );
  if (state.done)
    fail(
      `${describeEvent(event)} refers to output item ${at} after its output_item.done`,
      'no events for an item after its done event',
      event.raw,
    );
  if (event.type === 'response.output_item.done') state.done = item ?? {};
  if (event.type === 'response.function_call_arguments.done' && b.name !== undefined && b.name !== state.name)
    fail(
      `${describeEvent(event)} names function ${String(b.name)}, the item was added as ${String(state.name)}`,
      'the name the function call item was added with',
      event.raw,
    );
  if (event.type === 'response.content_part.added') {
    if (b.content_index !== state.nextContent)
      fail(
        `${describeEvent(event)} adds content_index ${String(b.content_index)}`,
        `content_index ${state.nextContent} (parts are appended in order)`,
        event.raw,
      );
    state.nextContent++;
  } else if (
    typeof b.content_index === 'number' &&
    b.content_index >= state.nextContent &&
    event.type.startsWith('response.output_text')
  ) {
    fail(
      `${describeEvent(event)} names content_index ${b.content_index}, which was never added`,
      'text events only for added content parts',
      event.raw,
    );
  }
}

/** The final response lists the streamed items in their places; once complete, exactly as done. */
function compareFinal(events: readonly StreamEvent[], items: readonly ItemState[]): StreamProblem[] {
  const terminal = [...events]
    .reverse()
    .find((e) => e.type === 'response.completed' || e.type === 'response.incomplete');
  const output = finalResponse(events)?.output;
  // A failed stream's response may list what was done before the failure, or nothing.
  if (!Array.isArray(output) || endedFailed(events)) return [];
  const problems: StreamProblem[] = [];
  if (output.length !== items.length)
    problems.push({
      message: `the final response has ${output.length} output items, the stream added ${items.length}`,
      expected: 'the final output equal to the streamed items',
    });
  output.forEach((item: unknown, i) => {
    const streamed = items[i];
    if (!streamed || !isRecord(item)) return;
    if (item.id !== streamed.id)
      problems.push({
        message: `final output[${i}].id is ${String(item.id)}, the stream added ${String(streamed.id)}`,
        expected: 'the same item ids in the same places',
      });
    else if (terminal && streamed.done && !jsonEqual(item, streamed.done))
      problems.push({
        message: `final output[${i}] differs from the item of its output_item.done: ${JSON.stringify(item).slice(0, 200)}`,
        expected: 'each final output item equal to the item its output_item.done carried',
        excerpt: terminal.raw.slice(0, 2000),
      });
  });
  return problems;
}
