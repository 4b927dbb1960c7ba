import { isRecord } from '../../../../../kit/json/guards';
import type { FixtureRecording } from '../../../core/fixture-model/fixture-types';
import type { ResponseIds } from '../answer/ids';

/** Members that hold the ids of a response and its items (ResponseResult.id, OutputItem id, the events' item_id). */
const ID_MEMBERS = new Set(['id', 'item_id']);
/** Members that hold Unix seconds (ResponseResult created_at, completed_at). */
const TIME_MEMBERS = new Set(['created_at', 'completed_at']);
/** An item id: a prefix, an underscore and the rest (`msg_…`, `rs_…`, `fc_…`). */
const ITEM_ID = /^([A-Za-z][A-Za-z0-9]*)_./;

/** A recording as one replay sends it. */
export type FreshRecording = Pick<FixtureRecording, 'status' | 'body' | 'events'>;

/**
 * A recording with the mock's own ids and the time of this replay (docs/record-replay.md): the
 * response id becomes a fresh `gen-…` id and each item id a fresh one of the same prefix, from the
 * store's counter like every answer's, the same id wherever the recording repeats it (the result,
 * every event, `item_id`); `created_at` and `completed_at` move by the same offset, so the response
 * was created now and took as long as it did. `call_id`s are kept: a client sends them back with its
 * tool results, which is how the next recorded turn is found. Error bodies are kept as they are.
 */
export function refreshRecording(recording: FixtureRecording, ids: ResponseIds, createdAt: number): FreshRecording {
  if (recording.status !== 200) return recording;
  const fresh = new Map<string, string>();
  const recordedCreated = firstCreatedAt(recording);
  const shift = recordedCreated === undefined ? 0 : createdAt - recordedCreated;
  const recordedId = responseId(recording);
  const rewrite = (value: unknown, member: string): unknown => {
    if (typeof value === 'string') {
      const known = fresh.get(value);
      if (known !== undefined) return known;
      if (!ID_MEMBERS.has(member)) return value;
      const made = value.startsWith('gen-') || value === recordedId ? ids.generation : itemId(value, ids);
      fresh.set(value, made);
      return made;
    }
    if (typeof value === 'number') return TIME_MEMBERS.has(member) ? value + shift : value;
    if (Array.isArray(value)) return value.map((item) => rewrite(item, ''));
    if (isRecord(value)) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) out[key] = rewrite(item, key);
      return out;
    }
    return value;
  };
  return {
    status: recording.status,
    ...(recording.body === undefined ? {} : { body: rewrite(recording.body, '') as Record<string, unknown> }),
    ...(recording.events === undefined
      ? {}
      : { events: recording.events.map((e) => ({ at_ms: e.at_ms, event: rewrite(e.event, '') as typeof e.event })) }),
  };
}

function itemId(value: string, ids: ResponseIds): string {
  const prefix = ITEM_ID.exec(value)?.[1];
  return prefix === undefined ? value : ids.item(prefix);
}

/** The recorded response's id: of the JSON result, or of the first event that carries the response. */
function responseId(recording: FixtureRecording): string | undefined {
  const response = recording.body ?? recording.events?.map((e) => e.event.response).find(isRecord);
  return isRecord(response) && typeof response.id === 'string' ? response.id : undefined;
}

function firstCreatedAt(recording: FixtureRecording): number | undefined {
  const response = recording.body ?? recording.events?.map((e) => e.event.response).find(isRecord);
  return isRecord(response) && typeof response.created_at === 'number' ? response.created_at : undefined;
}
