import type { CapturedResponse, StreamCapture } from './wire-types';
import type { HttpCall } from './send-json';
import { IncompleteAnswerError, lowerCaseHeaders, parseJson } from './send-json';
import { createSseReader } from '../../kit/sse/read-sse';
import { markReused, watchSend } from './connection-reuse';
import type { WatchedSend } from './connection-reuse';

export interface StreamCall extends HttpCall {
  /** Longest wait for the next event; a stream silent for longer counts as stalled. */
  readonly eventTimeoutMs: number;
}

export interface StreamOutcome {
  readonly response: CapturedResponse;
  /** Present when the answer was an event stream (the content type said so). */
  readonly stream?: StreamCapture;
}

/** Keep at most this much raw text for report excerpts. */
const RAW_LIMIT = 64 * 1024;
/** After `[DONE]`, how long to watch for stray events before hanging up. */
const AFTER_DONE_GRACE_MS = 200;

/**
 * Sends a request whose answer may be an event stream. Supertest buffers a whole body before
 * handing it over, so it cannot time one event at a time; Node's fetch (undici) exposes the body as
 * a ReadableStream, which lets every read race the per-event timer and a stalled stream fail fast.
 * Framing is parsed by eventsource-parser, the same parser real clients use.
 */
export async function sendStream(call: StreamCall): Promise<StreamOutcome> {
  const started = performance.now();
  const controller = new AbortController();
  const headerTimer = setTimeout(
    () => controller.abort(new Error(`no response within ${call.timeoutMs} ms`)),
    call.timeoutMs,
  );
  const stop = () => controller.abort(new Error('aborted: the run stopped'));
  if (call.signal?.aborted) stop();
  call.signal?.addEventListener('abort', stop, { once: true });
  let res: Response;
  const send: WatchedSend = {};
  try {
    res = await watchSend(send, () =>
      (call.route?.fetch ?? fetch)(call.baseUrl + call.pathAndQuery, {
        method: call.method,
        headers: call.headers,
        body: call.body,
        signal: controller.signal,
        redirect: 'manual',
      }),
    );
  } catch (err) {
    call.signal?.removeEventListener('abort', stop);
    if (send.reused === true) markReused(err);
    throw err;
  } finally {
    clearTimeout(headerTimer);
  }
  const headers = lowerCaseHeaders(Object.fromEntries(res.headers.entries()));
  const isStream = (headers['content-type'] ?? '').toLowerCase().startsWith('text/event-stream');
  const capture = await readBody(res, controller, call, started, isStream).finally(() =>
    call.signal?.removeEventListener('abort', stop),
  );
  if (call.signal?.aborted) throw new Error('aborted: the run stopped');
  if (!isStream && capture.stream.transportError !== undefined)
    throw new IncompleteAnswerError(res.status, headers['content-type'], call.timeoutMs, capture.bytes);
  const response: CapturedResponse = {
    status: res.status,
    headers,
    text: capture.raw,
    json: isStream ? undefined : parseJson(capture.raw),
    durationMs: Math.round(performance.now() - started),
  };
  return isStream ? { response, stream: capture.stream } : { response };
}

async function readBody(
  res: Response,
  controller: AbortController,
  call: StreamCall,
  started: number,
  isStream: boolean,
) {
  const sse = createSseReader(() => Math.round(performance.now() - started));
  let raw = '';
  let bytes = 0;
  let stalled: StreamCapture['stalled'];
  let overran: StreamCapture['overran'];
  let transportError: string | undefined;
  // A stream, however lively, ends within the request timeout: one that never ends must not hold the run.
  const end = started + call.timeoutMs;
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let deadline = performance.now() + (isStream ? call.eventTimeoutMs : call.timeoutMs);
  let seen = 0;
  try {
    while (reader) {
      const left = (isStream ? Math.min(deadline, end) : deadline) - performance.now();
      const chunk = await readWithin(reader, Math.max(0, sse.sawDone ? Math.min(AFTER_DONE_GRACE_MS, left) : left));
      if (chunk === 'timeout') {
        if (!isStream) transportError = `body not complete within ${call.timeoutMs} ms`;
        else if (!sse.sawDone) {
          const at = { afterMs: Math.round(performance.now() - started), afterEvents: sse.count };
          if (performance.now() >= end) overran = at;
          else stalled = at;
        }
        break;
      }
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
      const text = decoder.decode(chunk.value, { stream: true });
      if (raw.length < RAW_LIMIT) raw += text.slice(0, RAW_LIMIT - raw.length);
      if (isStream) sse.feed(text);
      if (sse.count > seen) {
        // The timer is per event: comments and partial lines do not keep a stalled stream alive.
        seen = sse.count;
        deadline = performance.now() + call.eventTimeoutMs;
      }
    }
  } catch (err) {
    transportError = (err as Error).message;
  } finally {
    controller.abort();
    await reader?.cancel().catch(() => undefined);
  }
  return { raw, bytes, stream: { ...sse.end(), stalled, overran, transportError } };
}

async function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  try {
    return await Promise.race([reader.read(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
