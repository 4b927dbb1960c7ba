import type { OperationInfo } from '../../../kit/contract/operations';
import { EVENT_STREAM } from '../../../kit/stream/stream-spec';
import type { HandlerResult } from './handler-types';
import { GatewayError, errorEnvelopeJson } from '../exchange/gateway-error';
import { sendError, sendJson } from '../exchange/send';
import { sendPacedStream } from '../exchange/stream/paced-stream';
import { upstreamFailure } from '../exchange/stream/stream-failures';
import type { ReplySink } from '../exchange/reply-sink';
import { sendHalf, steerStream } from './stages/queued-scenarios';
import type { PipelineDependencies, Routed } from './serve-types';

/** Sends what a handler (or a `Prefer` example) returned: JSON in this turn, or a paced stream. */
export function finish(
  deps: PipelineDependencies,
  reply: ReplySink,
  operation: OperationInfo,
  result: HandlerResult,
  routed?: Routed,
): Promise<void> | undefined {
  const { checker } = deps;
  const steering = routed?.steering;
  if ('stream' in result) {
    const captured: string[] | undefined = checker ? [] : undefined;
    if (routed) routed.streamed = true;
    return sendPacedStream({
      reply,
      status: result.status,
      stream: steering ? steerStream(result.stream, steering) : result.stream,
      streams: deps.shutdown,
      captured,
    }).then((outcome) => {
      if (routed && outcome === 'cut') routed.cut = true;
      // Checked only when sent whole: a stream the client cut short is not the mock's answer.
      if (checker && captured && outcome === 'sent') checker.checkStream(operation, result.status, captured.join(''));
    });
  }
  // A scenario's cut of a JSON answer: the upstream failure (502), or the connection closed mid-body.
  if (steering?.cut?.end === 'error' && result.status === 200)
    throw new GatewayError(502, upstreamFailure(steering.cut.afterTokens, true).message);
  const payload = result.rawBody ?? JSON.stringify(result.body);
  if (checker) {
    const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
    // A Prefer example may answer with a documented event-stream example.
    const contentType =
      Object.entries(result.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
    if (contentType.startsWith(EVENT_STREAM)) checker.checkStream(operation, result.status, text);
    else checker.checkJson(operation, result.status, text);
  }
  if (routed?.closeMidBody === true) {
    routed.cut = true;
    sendHalf(reply, result.status, payload, result.headers);
    return undefined;
  }
  sendJson(reply, result.status, payload, result.headers);
  return undefined;
}

/** Any failure of a request, thrown or rejected: the one way to the error envelope (and, in test mode, its check). */
export function fail(
  deps: PipelineDependencies,
  reply: ReplySink,
  operation: OperationInfo | undefined,
  err: unknown,
): void {
  const error =
    err instanceof GatewayError
      ? err
      : new GatewayError(500, "Unexpected error in the mock gateway; see the mock's log for details");
  if (!(err instanceof GatewayError))
    deps.options.log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  // 404/405 for unknown routes have no operation in the document to check against, and errors
  // about the mock's own controls (Prefer) are not API responses.
  if (operation && !reply.headersSent && error.options.mockControl !== true)
    deps.checker?.checkJson(operation, error.status, errorEnvelopeJson(error));
  sendError(reply, error);
}
