import { describeEvent, family, isEventStream, jsonEvents, partKey } from '../engine/stream-helpers';
import type { StreamEvent } from '../engine/stream-helpers';
import type { Check, CheckContext, Finding } from '../engine/types';
import { isRecord } from '../../kit/json/guards';

/**
 * Every `.added` event has exactly one matching `.done` after it, and no `.done` comes without its
 * `.added` (output items, content parts, reasoning summary parts). The pairs are derived from the
 * event types the document defines: any `X.added` whose `X.done` also exists.
 */
export const streamPairsMatched: Check = {
  name: 'stream-pairs-matched',
  family: 'stream',
  rule: '§6',
  applies: isEventStream,
  verify(exchange, ctx) {
    const pairs = pairedFamilies(ctx);
    const open = new Map<string, StreamEvent>();
    const closed = new Set<string>();
    const findings: Finding[] = [];
    for (const event of jsonEvents(exchange)) {
      const name = family(event.type);
      if (!pairs.has(name)) continue;
      const key = `${name}#${slot(event)}`;
      if (event.type.endsWith('.added')) {
        if (open.has(key) || closed.has(key))
          findings.push({
            message: `${describeEvent(event)} opens ${slot(event)} a second time`,
            expected: 'each slot added once',
            excerpt: event.raw,
          });
        open.set(key, event);
      } else if (event.type.endsWith('.done')) {
        if (!open.has(key))
          findings.push({
            message: `${describeEvent(event)} has no earlier ${name}.added for ${slot(event)}`,
            expected: `${name}.added before ${name}.done`,
            excerpt: event.raw,
          });
        open.delete(key);
        closed.add(key);
      }
    }
    for (const [key, event] of open)
      findings.push({
        message: `${describeEvent(event)} is never closed (${key})`,
        expected: `a matching ${family(event.type)}.done`,
        excerpt: event.raw,
      });
    return findings.slice(0, 5);
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

function pairedFamilies(ctx: CheckContext): Set<string> {
  const known = [...ctx.streamEventSchemas.keys()];
  return new Set(known.filter((t) => t.endsWith('.added') && known.includes(`${family(t)}.done`)).map(family));
}
