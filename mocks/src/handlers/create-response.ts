import type { Handler, OperationContext } from '../pipeline/context';
import { GatewayError } from '../pipeline/gateway-error';
import { decideAnswer } from '../answer/build-answer';
import { buildResult } from '../answer/build-result';
import { checkPlugins } from '../routing/check-plugins';
import { chooseRoute } from '../routing/choose-route';
import { checkGuardrails } from '../guardrails/guardrail-check';
import { responseIds } from '../answer/ids';
import { readInputText } from '../answer/input-text';
import type { Pacing } from '../stream/pacing';
import { resolvePacing } from '../stream/pacing';
import { pickModels } from '../routing/pick-model';
import type { ResponseResult } from '../answer/response-types';
import { buildServiceMetadata, wantsServiceMetadata } from '../routing/service-metadata';
import type { FailAfter, PlannedEvent } from '../stream/stream-events';
import { failureEvents, streamEvents } from '../stream/stream-events';
import { readFailAfterTokens, SHUTDOWN_FAILURE, upstreamFailure } from '../stream/stream-failures';
import { upstreamBody } from '../answer/upstream-body';
import { sendPacedStream } from '../stream/paced-stream';
import type { Frame } from '../stream/sse-frame';
import { sseFrame } from '../stream/sse-frame';

/**
 * POST /responses (createResponse). The body is already schema-valid; this adds the semantics:
 * model choice → provider routing → guardrails → the scripted answer → JSON or an event stream.
 * Every failure before the stream starts is a GatewayError, so it leaves as an ErrorEnvelope.
 */
export const createResponse: Handler<'createResponse'> = async (ctx) => {
  const { body, store } = ctx;
  const { defaults, headers: names } = ctx.facts;
  // Read before any work: a malformed control header is a 400, not a broken stream.
  const streamed = (body.stream ?? defaults.request.stream) === true;
  const pacing = streamed ? resolvePacing(ctx.headers, ctx.options, store.fixtures) : undefined;
  const failAfterTokens = readFailAfterTokens(ctx.headers);

  checkPlugins(body.plugins, store.catalog, defaults.plugins);
  const models = pickModels(body, store.catalog, defaults.plugins);
  const sessionId = body.session_id ?? headerValue(ctx, names.sessionId);
  const sticky = sessionId === undefined ? undefined : store.sessions.get(sessionId);
  const route = chooseRoute(models, body.provider, store.fixtures.providers, sticky, defaults.provider);
  const input = readInputText(body);

  const withMetadata = wantsServiceMetadata(ctx.headers, names.serviceMetadata, defaults.serviceMetadata);
  const verdict = checkGuardrails(store.guardrailsFor(ctx.key.hash), input.allText);
  const metadata = (blocked: boolean) =>
    withMetadata
      ? buildServiceMetadata({
          requested: models.requested,
          route,
          stages: verdict.stages,
          chosenBy: models.chosenBy,
          blocked,
        })
      : undefined;
  if (verdict.block) {
    throw new GatewayError(403, verdict.block.message, {
      metadata: { patterns: [...verdict.block.patterns] },
      serviceMetadata: metadata(true),
    });
  }

  const answer = decideAnswer(body, store.fixtures, input, route.model.model);
  if (sessionId !== undefined) store.sessions.set(sessionId, route.provider.slug);
  const createdAt = nowSeconds();
  const result = buildResult({
    body,
    input,
    answer,
    createdAt,
    completedAt: createdAt,
    ids: responseIds(store, createdAt),
    model: route.model.model.id,
    defaults: defaults.request,
  });
  const serviceMetadata = metadata(false);
  if (serviceMetadata) result.service_metadata = serviceMetadata;
  const headers = { [names.generationId]: result.id };
  if (!pacing) {
    if (failAfterTokens !== undefined && (result.usage?.output_tokens ?? 0) > failAfterTokens) {
      throw new GatewayError(502, upstreamFailure(failAfterTokens).message);
    }
    return { status: 200, body: result, headers };
  }

  const debug =
    body.debug?.echo_upstream_body === true ? { echo_upstream_body: upstreamBody(body, input, route) } : undefined;
  const failAfter: FailAfter | undefined =
    failAfterTokens === undefined ? undefined : { tokens: failAfterTokens, failure: upstreamFailure(failAfterTokens) };
  await stream(ctx, result, pacing, headers, debug, failAfter);
  return { streamed: true, status: 200 };
};

function stream(
  ctx: OperationContext<'createResponse'>,
  result: ResponseResult,
  pacing: Pacing,
  headers: Record<string, string>,
  debug: Readonly<Record<string, unknown>> | undefined,
  failAfter: FailAfter | undefined,
): Promise<void> {
  // The terminal event carries the time the stream actually finished.
  const finish = (): ResponseResult => ({ ...result, completed_at: Math.max(nowSeconds(), result.created_at) });
  return sendPacedStream({
    res: ctx.res,
    headers,
    frames: framesOf(streamEvents(result, finish, debug, failAfter)),
    pacing,
    streams: ctx.shutdown,
    tail: (next) => [...framesOf(failureEvents(result, next, SHUTDOWN_FAILURE))],
  });
}

function* framesOf(events: Iterable<PlannedEvent>): Generator<Frame> {
  for (const { event, token } of events) yield { text: sseFrame(event), token, sequence: event.sequence_number };
}

function headerValue(ctx: OperationContext<'createResponse'>, name: string): string | undefined {
  const value = ctx.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
