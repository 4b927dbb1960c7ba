import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ScenarioBook } from '../scenarios/scenario-book';
import type { AnswerSteering, ScenarioAction } from '../scenarios/scenario-types';
import type { RequestOutcome } from '../journal/request-journal';
import { journalBody } from '../journal/request-journal';
import { sendJson } from './send';

/**
 * The scenario stage of the node pipeline, after routing, authentication and the body, before
 * `Prefer` and the handler: asks the scenario book (mocks/src/scenarios/) for this request's
 * action, or undefined when no scenario takes it.
 */
export function takeScenario(
  book: ScenarioBook,
  operationId: string,
  req: IncomingMessage,
  rawBody: Buffer | undefined,
): ScenarioAction | undefined {
  const { headers } = req;
  return book.take({
    operationId,
    header: (name) => {
      const value = headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    body: rawBody === undefined ? undefined : journalBody(rawBody.toString()),
  });
}

/** What the reply layer marks on the request for the journal, and how it closes a JSON answer early. */
export interface ScenarioOutcome extends RequestOutcome {
  /** A JSON answer is sent only in part, then the connection closes (network: close-mid-body, cut: drop). */
  closeMidBody?: boolean;
}

/**
 * Carries out a scenario's action on node's response: after its latency, an answer in place of
 * the normal one, a connection reset before any byte, or the normal answer (`proceed`) steered.
 */
export function replyToScenario(
  action: ScenarioAction,
  res: ServerResponse,
  outcome: ScenarioOutcome,
  proceed: (steering: AnswerSteering | undefined) => void,
): void {
  outcome.scenario = action.scenarioId;
  const act = (): void => {
    if (res.destroyed) return;
    switch (action.kind) {
      case 'answer':
        sendJson(res, action.status, action.body, action.headers);
        return;
      case 'network':
        if (action.failure === 'reset') {
          outcome.cut = true;
          res.destroy();
          return;
        }
        outcome.closeMidBody = true;
        proceed({ cut: { afterTokens: 1, end: 'drop' } });
        return;
      case 'normal':
        if (action.steering.cut?.end === 'drop') outcome.closeMidBody = true;
        proceed(action.steering);
        return;
    }
  };
  if (action.latencyMs > 0) setTimeout(act, action.latencyMs);
  else act();
}

/** A JSON answer cut off: its head and the first half of its body, then the connection closes. */
export function sendHalf(
  res: ServerResponse,
  status: number,
  payload: string | Buffer,
  headers: Readonly<Record<string, string>> | undefined,
): void {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    ...headers,
    'content-length': String(bytes.length),
  });
  res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.destroy());
}
