import type { FaultCase } from './fault-case';
import { without } from './fault-case';
import type { Fault } from './fault-proxy';
import { mapEvents } from './sse-frames';
import type { EventBody } from './sse-frames';
import { isRecord } from '../../../kit/json/guards';

/** The stream scenario whose answer is cut at max_output_tokens: it ends with response.incomplete. */
export const INCOMPLETE_ONLY = ['stream/createResponse/max-output-tokens'];

/** Rewrites the response of the terminal event `type`. */
export function terminal(type: string, edit: (response: Record<string, unknown>) => Record<string, unknown>): Fault {
  const change = (e: EventBody) => (e.type === type && isRecord(e.response) ? { ...e, response: edit(e.response) } : e);
  return { stream: (frames) => ({ frames: mapEvents(frames, change) }) };
}

/** The mock's own failure switch: `error` and `response.failed` after two tokens, the stream otherwise well formed. */
export function failing(fault: Fault): Fault {
  return { ...fault, request: (req) => ({ ...req, headers: { ...req.headers, 'x-mock-fail-after-tokens': '2' } }) };
}

/** Faults in the response a stream ends with when it does not complete (response.incomplete, response.failed). */
export const TERMINAL_FAULTS: readonly FaultCase[] = [
  {
    name: 'ends an incomplete stream with a bare snapshot (id, object, status)',
    only: INCOMPLETE_ONLY,
    caughtBy: 'stream-event-schema-valid',
    fault: terminal('response.incomplete', (r) => ({ id: r.id, object: r.object, status: r.status })),
  },
  {
    name: 'ends an incomplete stream without saying why',
    only: INCOMPLETE_ONLY,
    caughtBy: 'stream-event-schema-valid',
    fault: terminal('response.incomplete', (r) => ({ ...r, incomplete_details: null })),
  },
  {
    name: 'ends an incomplete stream with metadata other than the request sent',
    only: INCOMPLETE_ONLY,
    caughtBy: 'metadata-echoed',
    fault: terminal('response.incomplete', (r) => ({ ...r, metadata: {} })),
  },
  {
    name: 'ends an incomplete stream with usage that does not add up',
    only: INCOMPLETE_ONLY,
    caughtBy: 'usage-total-consistent',
    fault: terminal('response.incomplete', (r) =>
      isRecord(r.usage) ? { ...r, usage: { ...r.usage, total_tokens: 1 } } : r,
    ),
  },
  {
    name: 'marks the response of response.incomplete completed',
    only: INCOMPLETE_ONLY,
    caughtBy: 'stream-lifecycle-order',
    fault: terminal('response.incomplete', (r) => ({ ...r, status: 'completed', incomplete_details: null })),
  },
  {
    name: 'ends a failed stream without the error that ended it',
    only: INCOMPLETE_ONLY,
    caughtBy: 'stream-event-schema-valid',
    fault: failing(terminal('response.failed', (r) => without(r, 'error'))),
  },
  {
    name: 'ends a failed stream with metadata other than the request sent',
    only: INCOMPLETE_ONLY,
    caughtBy: 'metadata-echoed',
    fault: failing(terminal('response.failed', (r) => ({ ...r, metadata: { purpose: 'other' } }))),
  },
];
