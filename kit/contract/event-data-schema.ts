import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import type { Contract } from './contract-types';

/** Server-Sent Events (createResponse 200). */
export const EVENT_STREAM = 'text/event-stream';

/** Levels of `$ref`, `oneOf`, `anyOf` and `allOf` walked before giving up (the document uses two). */
const MAX_DEPTH = 6;

/**
 * The schema each event's decoded `data` is read against, for the media type object at
 * `mediaPointer`. The document declares an event stream as OpenAPI 3.2 and SSE-aware tools read
 * it: a schema for one event (`itemSchema`, or `schema` in a 3.1 document, as Schemathesis takes
 * it) whose `data` member is a string with `contentMediaType: application/json` and a
 * `contentSchema` (ResponseStreamSseEvent), in a `oneOf`/`anyOf` branch when the sentinel
 * (`[DONE]`) has one of its own. That `contentSchema` is what every stream check validates an
 * event's JSON against. A per-event schema with no `contentSchema` is the JSON's schema itself.
 */
export function eventDataSchema(contract: Contract, mediaPointer: string): string {
  const media = contract.at<unknown>(mediaPointer);
  const perEvent = isRecord(media) && media.itemSchema !== undefined ? 'itemSchema' : 'schema';
  const pointer = `${mediaPointer}/${perEvent}`;
  return findContentSchema(contract, pointer, 0) ?? pointer;
}

function findContentSchema(contract: Contract, pointer: string, depth: number): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const raw = contract.at<unknown>(pointer);
  const target = isRecord(raw) && typeof raw.$ref === 'string' ? raw.$ref : pointer;
  const schema = contract.resolve<JsonObject>(raw);
  if (!isRecord(schema)) return undefined;
  const data = isRecord(schema.properties) ? schema.properties.data : undefined;
  if (isRecord(data) && data.contentSchema !== undefined) return `${target}/properties/data/contentSchema`;
  for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    for (let i = 0; i < branches.length; i++) {
      const found = findContentSchema(contract, `${target}/${keyword}/${i}`, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
