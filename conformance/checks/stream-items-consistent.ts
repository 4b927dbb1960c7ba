import { describeEvent, finalResponse, isEventStream, jsonEvents } from '../engine/stream-helpers';
import type { Check, Finding } from '../engine/types';
import { isRecord } from '../../kit/json/guards';

interface ItemState {
  readonly id: unknown;
  done: boolean;
  nextContent: number;
}

/**
 * Item ids and indexes agree (contract §6, event fields `item_id`, `output_index`,
 * `content_index`): output items are appended at 0, 1, 2…; every event that names an item uses the
 * id and index it was added with, while it is open; content parts are appended in order; and the
 * final response lists the same items in the same places.
 */
export const streamItemsConsistent: Check = {
  name: 'stream-items-consistent',
  family: 'stream',
  rule: '§6',
  applies: isEventStream,
  verify(exchange) {
    const events = jsonEvents(exchange);
    const items: ItemState[] = [];
    const findings: Finding[] = [];
    const fail = (message: string, expected: string, raw?: string) =>
      findings.push({ message, expected, excerpt: raw });
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
        items.push({ id: item.id, done: false, nextContent: 0 });
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
      const item = isRecord(b.item) ? b.item : undefined;
      const id = item ? item.id : b.item_id;
      if (id !== undefined && id !== state.id)
        fail(
          `${describeEvent(event)} names item ${String(id)} at output_index ${b.output_index}, which holds ${String(state.id)}`,
          'the item id the output index was added with',
          event.raw,
        );
      if (state.done)
        fail(
          `${describeEvent(event)} refers to output item ${b.output_index} after its output_item.done`,
          'no events for an item after its done event',
          event.raw,
        );
      if (event.type === 'response.output_item.done') state.done = true;
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
      if (findings.length >= 5) return findings;
    }
    const output = finalResponse(events)?.output;
    if (Array.isArray(output)) {
      if (output.length !== items.length)
        fail(
          `the final response has ${output.length} output items, the stream added ${items.length}`,
          'the final output equal to the streamed items',
        );
      output.forEach((item, i) => {
        const streamed = items[i];
        if (streamed && isRecord(item) && item.id !== streamed.id)
          fail(
            `final output[${i}].id is ${String(item.id)}, the stream added ${String(streamed.id)}`,
            'the same item ids in the same places',
          );
      });
    }
    return findings.slice(0, 5);
  },
};
