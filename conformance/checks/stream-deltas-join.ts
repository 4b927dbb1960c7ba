import {
  describeEvent,
  doneField,
  family,
  finalResponse,
  isEventStream,
  jsonEvents,
  partKey,
} from '../engine/stream-helpers';
import type { Check, CheckContext, Finding } from '../engine/types';
import { isRecord } from '../../kit/json/guards';

/**
 * Deltas joined equal the done text (contract §6: `delta` is "the text fragment"): for every
 * `X.delta` family that has an `X.done`, the fragments of one part joined in order equal the done
 * event's text; no fragment comes after its done; and the final response's part carries that text.
 */
export const streamDeltasJoin: Check = {
  name: 'stream-deltas-join',
  family: 'stream',
  rule: '§6',
  applies: isEventStream,
  verify(exchange, ctx) {
    const families = deltaFamilies(ctx);
    const events = jsonEvents(exchange);
    const joined = new Map<string, string>();
    const closed = new Set<string>();
    const findings: Finding[] = [];
    for (const event of events) {
      const name = family(event.type);
      if (!families.has(name)) continue;
      const key = `${name}#${partKey(event.body)}`;
      if (event.type.endsWith('.delta')) {
        if (closed.has(key))
          findings.push({
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
          findings.push({
            message: `${describeEvent(event)}: ${field} is ${JSON.stringify(text.slice(0, 200))} but the deltas join to ${JSON.stringify(got.slice(0, 200))}`,
            expected: `the deltas joined equal the done ${field}`,
            excerpt: event.raw,
          });
        }
        if (name === 'response.output_text' && typeof text === 'string')
          findings.push(...compareParts(events, event.body, text), ...compareFinal(events, event.body, text));
      }
    }
    for (const key of joined.keys()) {
      if (!closed.has(key))
        findings.push({
          message: `deltas of ${key} are never closed by a done event`,
          expected: `a ${key.slice(0, key.indexOf('#'))}.done carrying the joined text`,
        });
    }
    return findings.slice(0, 5);
  },
};

/** The content_part.done and output_item.done of the same part carry the same text. */
function compareParts(
  events: ReturnType<typeof jsonEvents>,
  done: Readonly<Record<string, unknown>>,
  text: string,
): Finding[] {
  const findings: Finding[] = [];
  for (const event of events) {
    const b = event.body;
    if (b.output_index !== done.output_index) continue;
    let other: unknown;
    if (event.type === 'response.content_part.done' && b.content_index === done.content_index && isRecord(b.part))
      other = b.part.text;
    if (
      event.type === 'response.output_item.done' &&
      isRecord(b.item) &&
      Array.isArray(b.item.content) &&
      typeof done.content_index === 'number'
    ) {
      const part = b.item.content[done.content_index];
      other = isRecord(part) ? part.text : undefined;
    }
    if (other !== undefined && other !== text) {
      findings.push({
        message: `${describeEvent(event)} has text ${JSON.stringify(String(other).slice(0, 200))}, the deltas join to ${JSON.stringify(text.slice(0, 200))}`,
        expected: 'every done event of the part carrying the joined text',
        excerpt: event.raw,
      });
    }
  }
  return findings;
}

/** The final response's output_text part at the same place carries the same text. */
function compareFinal(
  events: ReturnType<typeof jsonEvents>,
  done: Readonly<Record<string, unknown>>,
  text: string,
): Finding[] {
  const output = finalResponse(events)?.output;
  if (!Array.isArray(output) || typeof done.output_index !== 'number' || typeof done.content_index !== 'number')
    return [];
  const item = output[done.output_index];
  const part = isRecord(item) && Array.isArray(item.content) ? item.content[done.content_index] : undefined;
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
      message: `final output[${done.output_index}].content[${done.content_index}].text is ${JSON.stringify(String(part.text).slice(0, 200))}, the stream said ${JSON.stringify(text.slice(0, 200))}`,
      expected: "the final response's text equal to the joined deltas",
    },
  ];
}

function deltaFamilies(ctx: CheckContext): Set<string> {
  const known = [...ctx.streamEventSchemas.keys()];
  return new Set(known.filter((t) => t.endsWith('.delta') && known.includes(`${family(t)}.done`)).map(family));
}
