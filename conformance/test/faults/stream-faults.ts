import type { FaultCase } from './fault-case';
import { without } from './fault-case';
import { eventOf, frameOf, indexOfType, mapEvents, typeOf } from './sse-frames';
import { isRecord } from '../../../kit/json/guards';

const ONLY = ['stream/createResponse/text'];

/** Faults in the event stream of POST /responses. */
export const STREAM_FAULTS: readonly FaultCase[] = [
  {
    name: 'labels the stream application/json',
    only: ONLY,
    caughtBy: 'stream-content-type',
    fault: { stream: (frames) => ({ frames, contentType: 'application/json' }) },
  },
  {
    name: 'streams although stream is false',
    only: ['rules/createResponse/stream-false'],
    caughtBy: 'stream-content-type',
    fault: {
      request: (req) =>
        req.path === '/responses' && isRecord(req.body) ? { ...req, body: { ...req.body, stream: true } } : req,
    },
  },
  {
    name: 'marks the completed response in_progress',
    only: ONLY,
    caughtBy: 'stream-lifecycle-order',
    fault: {
      stream: (frames) => ({
        frames: mapEvents(frames, (e) =>
          e.type === 'response.completed' && isRecord(e.response)
            ? { ...e, response: { ...e.response, status: 'in_progress' } }
            : e,
        ),
      }),
    },
  },
  {
    name: 'closes the content part with other text than the deltas',
    only: ONLY,
    caughtBy: 'stream-deltas-join',
    fault: {
      stream: (frames) => ({
        frames: mapEvents(frames, (e) =>
          e.type === 'response.content_part.done' && isRecord(e.part)
            ? { ...e, part: { ...e.part, text: 'other' } }
            : e,
        ),
      }),
    },
  },
  {
    name: 'never sends response.output_text.done',
    only: ONLY,
    caughtBy: 'stream-deltas-join',
    fault: {
      stream: (frames) => ({
        frames: mapEvents(frames, (e) => (e.type === 'response.output_text.done' ? undefined : e)),
      }),
    },
  },
  {
    name: 'sends two deltas out of order',
    only: ONLY,
    caughtBy: 'stream-sequence-rising',
    fault: {
      stream: (frames) => {
        const i = indexOfType(frames, 'response.output_text.delta');
        const out = [...frames];
        const [a, b] = [out[i], out[i + 1]];
        if (a !== undefined && b !== undefined) [out[i], out[i + 1]] = [b, a];
        return { frames: out };
      },
    },
  },
  {
    name: 'leaves a gap in sequence_number',
    only: ONLY,
    caughtBy: 'stream-sequence-rising',
    fault: { stream: (frames) => ({ frames: mapEvents(frames).map(shiftAfter(3)) }) },
  },
  {
    name: 'never sends [DONE]',
    only: ONLY,
    caughtBy: 'stream-done-last',
    fault: { stream: (frames) => ({ frames: frames.filter((f) => !f.includes('[DONE]')) }) },
  },
  {
    name: 'sends deltas that do not join to the done text',
    only: ONLY,
    caughtBy: 'stream-deltas-join',
    fault: {
      stream: (frames) => ({
        frames: mapEvents(frames, (e) =>
          e.type === 'response.output_text.delta' && e.delta !== '' ? { ...e, delta: `${String(e.delta)}!` } : e,
        ),
      }),
    },
  },
  {
    name: 'stalls halfway through the stream',
    only: ONLY,
    caughtBy: 'stream-completes-in-time',
    fault: {
      stream: (frames) => ({ frames: frames.slice(0, Math.max(2, Math.floor(frames.length / 2))), stall: true }),
    },
  },
  {
    name: 'names its events otherwise in their event: lines than their data does',
    only: ONLY,
    caughtBy: 'stream-framing',
    fault: {
      stream: (frames) => ({
        frames: frames.map((f) => f.replace(/^event: response\.output_text\.delta$/m, 'event: response.completed')),
      }),
    },
  },
  {
    name: 'sends a malformed SSE line',
    only: ONLY,
    caughtBy: 'stream-framing',
    fault: { stream: (frames) => ({ frames: [frames[0] ?? '', 'this line is not SSE', ...frames.slice(1)] }) },
  },
  {
    name: 'starts without response.created',
    only: ONLY,
    caughtBy: 'stream-lifecycle-order',
    fault: {
      stream: (frames) => ({ frames: mapEvents(frames, (e) => (e.type === 'response.created' ? undefined : e)) }),
    },
  },
  {
    name: 'sends a second terminal event',
    only: ONLY,
    caughtBy: 'stream-lifecycle-order',
    fault: {
      stream: (frames) => {
        const at = indexOfType(frames, 'response.completed');
        return { frames: mapEvents([...frames.slice(0, at + 1), frames[at] ?? '', ...frames.slice(at + 1)]) };
      },
    },
  },
  {
    name: 'never closes a content part',
    only: ONLY,
    caughtBy: 'stream-pairs-matched',
    fault: {
      stream: (frames) => ({
        frames: mapEvents(frames, (e) => (e.type === 'response.content_part.done' ? undefined : e)),
      }),
    },
  },
  {
    name: 'names another item id in the deltas',
    only: ONLY,
    caughtBy: 'stream-items-consistent',
    fault: {
      stream: (frames) => ({
        frames: mapEvents(frames, (e) =>
          e.type === 'response.output_text.delta' ? { ...e, item_id: 'msg_other' } : e,
        ),
      }),
    },
  },
  {
    name: 'fails every stream after two tokens (an upstream failure)',
    only: ONLY,
    caughtBy: 'stream-answer-completes',
    // The mock's own failure switch: error and response.failed, otherwise a well-formed stream.
    fault: { request: (req) => ({ ...req, headers: { ...req.headers, 'x-mock-fail-after-tokens': '2' } }) },
  },
  {
    name: 'drops logprobs from the delta events',
    only: ONLY,
    caughtBy: 'stream-event-schema-valid',
    fault: {
      stream: (frames) => ({
        frames: mapEvents(frames, (e) => (e.type === 'response.output_text.delta' ? without(e, 'logprobs') : e)),
      }),
    },
  },
];

/** Adds 1 to every sequence_number above `n`, opening a gap after it. */
function shiftAfter(n: number): (frame: string) => string {
  return (frame) => {
    const event = eventOf(frame);
    if (
      !event ||
      typeof event.sequence_number !== 'number' ||
      event.sequence_number <= n ||
      typeOf(frame) === undefined
    )
      return frame;
    return frameOf({ ...event, sequence_number: event.sequence_number + 1 });
  };
}
