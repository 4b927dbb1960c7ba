import { createContract } from '../kit/contract/contract';
import { EVENT_STREAM, eventDataSchema } from '../kit/contract/event-data-schema';
import { isRecord } from '../kit/json/guards';
import { encodeSegment, valueAt } from '../kit/json/json-pointer';

/**
 * The document as the diff compares it: the schema of each event stream is the schema of one
 * event's decoded `data` (kit/contract/event-data-schema.ts), as every stream check reads it.
 * A change to what an event holds is then reported where it is (a member of
 * ResponseStreamEvent), and moving the declaration into the per-event SSE form
 * (ResponseStreamSseEvent: `data` with `contentSchema`) is no change at all. The document is
 * copied, not changed.
 */
export function eventDataView(document: unknown): unknown {
  if (!isRecord(document)) return document;
  const copy = structuredClone(document);
  const contract = createContract(document);
  const places: string[] = [];
  for (const [path, item] of Object.entries(isRecord(copy.paths) ? copy.paths : {})) {
    for (const [method, op] of Object.entries(isRecord(item) ? item : {})) {
      if (!isRecord(op) || !isRecord(op.responses)) continue;
      for (const status of Object.keys(op.responses))
        places.push(`#/paths/${encodeSegment(path)}/${method}/responses/${encodeSegment(status)}`);
    }
  }
  const components = isRecord(copy.components) && isRecord(copy.components.responses) ? copy.components.responses : {};
  for (const name of Object.keys(components)) places.push(`#/components/responses/${encodeSegment(name)}`);
  for (const place of places) {
    const response = valueAt(copy, place);
    const media = isRecord(response) && isRecord(response.content) ? response.content[EVENT_STREAM] : undefined;
    if (!isRecord(media)) continue;
    const pointer = eventDataSchema(contract, `${place}/content/${encodeSegment(EVENT_STREAM)}`);
    media.schema = structuredClone(contract.at<unknown>(pointer));
    delete media.itemSchema;
  }
  return copy;
}
