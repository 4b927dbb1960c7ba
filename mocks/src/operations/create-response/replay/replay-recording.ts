import { isRecord } from '../../../../../kit/json/guards';
import type { OperationContext, OperationResult } from '../../../core/handler-types';
import { GatewayError } from '../../../exchange/gateway-error';
import type { ErrorEnvelope } from '../../../exchange/gateway-error';
import { checkGuardrails } from '../guardrails/guardrail-check';
import { nowSeconds } from '../answer/clock';
import { responseIds } from '../answer/ids';
import { readInputText } from '../answer/input-text';
import type { ResponseResult } from '../answer/response-types';
import { compile } from '../answer/match-script';
import type { Pacing } from '../../../exchange/stream/pacing';
import { explainMiss } from './closest-recording';
import { matchRecording } from './match-recording';
import { recordedFrames, recordedResult } from './recorded-frames';
import { refreshRecording } from './refresh-recording';

type Result = OperationResult<'createResponse'> | Promise<OperationResult<'createResponse'>>;

/**
 * Answers a POST /responses from a recording when one applies (docs/record-replay.md); undefined
 * when none does, and the mock answers as usual. A recording is answered after the pipeline's
 * stages (authentication, request validation) and the key's guardrails, before the model is
 * looked up: the gateway it came from may serve models the mock's catalog lacks. Its ids and
 * times are fresh (refreshRecording); an error keeps its status and envelope. With strict replay,
 * a request no recording answers gets a 404 that names the closest recording.
 * `pacing` is the request's stream pacing, used when a recorded JSON answer is streamed.
 */
export function replayRecording(
  ctx: OperationContext<'createResponse'>,
  pacing: Pacing | undefined,
): Result | undefined {
  const { body, store, options } = ctx;
  if (compile(store.fixtures).recorded.length === 0 && !options.strictReplay) return undefined;
  const input = readInputText(body);
  const found = matchRecording(store.fixtures, body.model, input);
  if (found === undefined) {
    if (options.strictReplay) throw new GatewayError(404, explainMiss(store.fixtures, body.model, input));
    return undefined;
  }
  const verdict = checkGuardrails(store.guardrailsFor(ctx.key.hash), input.allText);
  if (verdict.block)
    throw new GatewayError(403, verdict.block.message, { metadata: { patterns: [...verdict.block.patterns] } });

  const createdAt = nowSeconds();
  const ids = responseIds(store, createdAt);
  const fresh = refreshRecording(found.recording, ids, createdAt);
  if (fresh.status !== 200) throw recordedError(fresh.status, fresh.body);
  const headers = { [ctx.facts.headers.generationId]: ids.generation };
  if (pacing === undefined) {
    return { status: 200, body: recordedResult(fresh) as unknown as ResponseResult, headers };
  }
  const { frames, tail } = recordedFrames(fresh, options.replayPace === 'fast', ctx.tokens);
  return { status: 200, stream: { headers: { ...ctx.facts.headers.eventStream, ...headers }, frames, pacing, tail } };
}

/** The recorded error as the mock's one error type: its status, message, metadata and service metadata. */
function recordedError(status: number, body: Record<string, unknown> | undefined): GatewayError {
  const error = isRecord(body?.error) ? body.error : {};
  const message = typeof error.message === 'string' ? error.message : `The recorded answer was a ${status}`;
  const metadata = error.metadata as ErrorEnvelope['error']['metadata'];
  const serviceMetadata = body?.service_metadata as ErrorEnvelope['service_metadata'];
  return new GatewayError(status, message, {
    ...(metadata === undefined ? {} : { metadata }),
    ...(serviceMetadata === undefined ? {} : { serviceMetadata }),
  });
}
