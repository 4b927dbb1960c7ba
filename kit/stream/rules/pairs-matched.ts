import { isRecord } from '../../json/guards';
import { describeEvent, endedFailed, family, partKey } from '../stream-events';
import type { StreamEvent } from '../stream-events';
import type { StreamProblem, StreamRule } from '../stream-rule';
import { addedFamilies } from '../stream-spec';

/**
 * Every `.added` event has exactly one matching `.done` after it, and no `.done` comes without its
 * `.added` (output items, content parts, reasoning summary parts). The pairs are derived from the
 * event types the document defines: any `X.added` whose `X.done` also exists
 * (ResponseOutputItemAddedEvent / ResponseOutputItemDoneEvent, …). A stream that ends with
 * `response.failed` may leave slots open.
 */
export const pairsMatched: StreamRule = {
  name: 'stream-pairs-matched',
  rule: '#/components/schemas/ResponseStreamEvent',
  dependsOn: ['stream-framing', 'stream-event-schema-valid', 'stream-sequence-rising'],
  problems({ events, spec }) {
    const pairs = addedFamilies(spec);
    const open = new Map<string, StreamEvent>();
    const closed = new Set<string>();
    const problems: StreamProblem[] = [];
    for (const event of events) {
      const name = family(event.type);
      if (!pairs.has(name)) continue;
      const key = `${name}#${slot(event)}`;
      if (event.type.endsWith('.added')) {
        if (open.has(key) || closed.has(key))
          problems.push({
            message: `${describeEvent(event)} opens ${slot(event)} a second time`,
            expected: 'each slot added once',
            excerpt: event.raw,
          });
        open.set(key, event);
      } else if (event.type.endsWith('.done')) {
        if (!open.has(key))
          problems.push({
            message: `${describeEvent(event)} has no earlier ${name}.added for ${slot(event)}`,
            expected: `${name}.added before ${name}.done`,
            excerpt: event.raw,
          });
        open.delete(key);
        closed.add(key);
      }
    }
    if (endedFailed(events)) return problems.slice(0, 5);
    for (const [key, event] of open)
      problems.push({
        message: `${describeEvent(event)} is never closed (${key})`,
        expected: `a matching ${family(event.type)}.done`,
        excerpt: event.raw,
        unfinished: true,
      });
    return problems.slice(0, 5);
  },
};

/** Output items are keyed by output index and id; parts by output index, item id and part index. */
function slot(event: StreamEvent): string {
  if (event.type.startsWith('response.output_item.')) {
    const item = isRecord(event.body.item) ? event.body.item : {};
    return `output_index ${String(event.body.output_index)} item ${String(item.id ?? '')}`;
  }
  return partKey(event.body);
}
