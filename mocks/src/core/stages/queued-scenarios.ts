import type { RequestOutcome } from '../journal/request-journal';
import { journalBody } from '../journal/request-journal';
import { JSON_CONTENT_TYPE, sendJson } from '../../exchange/send';
import type { ScenarioBook } from '../scenarios/scenario-book';
import type { AnswerSteering, ScenarioAction } from '../scenarios/scenario-types';
import type { EventStream } from '../../exchange/stream/paced-stream';
import { upstreamFailure } from '../../exchange/stream/stream-failures';
import type { RequestHeaders } from '../../exchange/mock-request';
import type { ReplySink } from '../../exchange/reply-sink';

/**
 * The scenario stage of the core's pipeline, after routing, authentication and the body, before
 * `Prefer` and the handler (mocks/src/core/scenarios/ decides; this carries the decision out through
 * the reply sink, so every adapter gets it alike).
 */

/** What the stage marks on a request: for the journal, and for the reply of its normal answer. */
export interface ScenarioOutcome extends RequestOutcome {
  /** How the scenario changes the normal answer. */
  steering?: AnswerSteering;
  /** A JSON answer goes out only in part, then the connection closes. */
  closeMidBody?: boolean;
}

/** The action of the first queued scenario that takes this request, counting its use; else undefined. */
export function takeScenario(
  book: ScenarioBook,
  operationId: string,
  headers: RequestHeaders,
  rawBody: Uint8Array | undefined,
): ScenarioAction | undefined {
  return book.take({
    operationId,
    header: (name) => {
      const value = headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    body: rawBody === undefined ? undefined : journalBody(new TextDecoder().decode(rawBody)),
  });
}

/**
 * Carries out an action after its latency: an answer in place of the normal one, a connection
 * reset before any byte, or the normal answer (`proceed`) with the steering marked on `outcome`.
 */
export function actOnScenario(
  action: ScenarioAction,
  reply: ReplySink,
  outcome: ScenarioOutcome,
  proceed: () => void,
): void {
  outcome.scenario = action.scenarioId;
  const act = (): void => {
    if (reply.closed) return;
    if (action.kind === 'answer') {
      sendJson(reply, action.status, action.body, action.headers);
    } else if (action.kind === 'network' && action.failure === 'reset') {
      outcome.cut = true;
      outcome.network = 'reset';
      reply.cut('reset');
    } else {
      // A stream closed mid-body stops after its first token; a JSON answer after half its bytes.
      const steering = action.kind === 'normal' ? action.steering : { cut: { afterTokens: 1, end: 'drop' as const } };
      outcome.steering = steering;
      outcome.closeMidBody = action.kind === 'network' || steering.cut?.end === 'drop';
      proceed();
    }
  };
  if (action.latencyMs > 0) setTimeout(act, action.latencyMs);
  else act();
}

/** The handler's stream with the scenario's pacing and cut. */
export function steerStream(stream: EventStream, steering: AnswerSteering): EventStream {
  const { cut } = steering;
  return {
    ...stream,
    pacing: {
      firstTokenDelayMs: steering.firstTokenDelayMs ?? stream.pacing.firstTokenDelayMs,
      tokensPerSecond: steering.tokensPerSecond ?? stream.pacing.tokensPerSecond,
    },
    cut:
      cut === undefined
        ? stream.cut
        : cut.end === 'drop'
          ? { afterTokens: cut.afterTokens, end: 'drop' }
          : { afterTokens: cut.afterTokens, end: 'error', failure: upstreamFailure(cut.afterTokens, true) },
  };
}

/** A JSON answer cut off: its head (with the whole length) and the first half of its body, then the connection closes. */
export function sendHalf(
  reply: ReplySink,
  status: number,
  payload: string | Uint8Array,
  headers: Readonly<Record<string, string>> | undefined,
): void {
  const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  const list = ['content-type', JSON_CONTENT_TYPE];
  for (const [name, value] of Object.entries(headers ?? {}))
    if (name.toLowerCase() === 'content-type') list[1] = value;
    else list.push(name, value);
  list.push('content-length', String(new TextEncoder().encode(text).length));
  const sink = reply.stream(status, list);
  sink.write(text.slice(0, Math.floor(text.length / 2)));
  reply.cut('close');
}
