import { isRecord } from '../../../../../kit/json/guards';
import type { FreshRecording } from './refresh-recording';
import type { ResponseResult } from '../answer/response-types';
import type { ResponseFrames } from '../events/response-frames';
import { sseFrame } from '../../../exchange/stream/sse-frame';
import { failureEvents, streamEvents } from '../events/plan-events';
import { SHUTDOWN_FAILURE } from '../../../exchange/stream/stream-failures';
import type { TokenCounter } from '../../../core/token-counter';

/**
 * The frames of a recorded answer sent as a stream: the recorded events, each framed as the mock
 * frames its own (sse-frame.ts), due at its recorded `at_ms` unless `fast`; a recording of a JSON
 * answer only is streamed as the mock streams any result (plan-events.ts, its deltas cut by
 * `tokens`). A shutdown ends
 * either with `error` and `response.failed`, as it ends the mock's own streams.
 */
export function recordedFrames(recording: FreshRecording, fast: boolean, tokens: TokenCounter): ResponseFrames {
  const events = recording.events;
  if (events === undefined) {
    const result = recording.body as unknown as ResponseResult;
    return {
      frames: (function* planned() {
        for (const { event, token } of streamEvents(result, () => result, tokens))
          yield { text: sseFrame(event), token, sequence: event.sequence_number };
      })(),
      tail: (next) => tail(result, next),
    };
  }
  let latest: ResponseResult | undefined;
  return {
    frames: (function* recorded() {
      for (const [index, { at_ms, event }] of events.entries()) {
        if (isRecord(event.response)) latest = event.response as unknown as ResponseResult;
        const sequence = typeof event.sequence_number === 'number' ? event.sequence_number : index;
        yield { text: sseFrame(event), token: false, sequence, ...(fast ? {} : { atMs: at_ms }) };
      }
    })(),
    tail: (next) => (latest === undefined ? [] : tail(latest, next)),
  };
}

function tail(result: ResponseResult, next: number) {
  return failureEvents(result, next, SHUTDOWN_FAILURE).map(({ event }) => ({
    text: sseFrame(event),
    token: false,
    sequence: event.sequence_number,
  }));
}

/** The JSON answer of a recording: its JSON result, else the response its stream ended with. */
export function recordedResult(recording: FreshRecording): Record<string, unknown> | undefined {
  if (recording.body !== undefined) return recording.body;
  const terminal = recording.events?.findLast((e) => isRecord(e.event.response));
  return terminal && isRecord(terminal.event.response) ? terminal.event.response : undefined;
}
