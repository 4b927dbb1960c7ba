import type { Handler, OperationContext } from '../../core/handler-types';
import { GatewayError } from '../../exchange/gateway-error';
import { chooseProvider } from './provider-choice/choose-provider';
import { checkGuardrails } from './guardrails/guardrail-check';
import { nowSeconds } from './answer/clock';
import { responseIds } from './answer/ids';
import type { Made } from './answer/response-plan';
import { responsePlan } from './answer/response-plan';
import { resolvePacing } from '../../exchange/stream/pacing';
import { buildServiceMetadata, wantsServiceMetadata } from './provider-choice/service-metadata';
import { readFailAfterTokens, upstreamFailure } from '../../exchange/stream/stream-failures';
import { upstreamBody } from './answer/upstream-body';
import { responseFrames } from './events/response-frames';
import { replayRecording } from './replay/replay-recording';

/**
 * POST /responses (createResponse). The body is already schema-valid; this adds the semantics:
 * a recording that matches (replay-recording.ts), else model choice → provider routing →
 * guardrails → the scripted answer → JSON or an event stream.
 * Every failure before the stream starts is a GatewayError, so it leaves as an ErrorEnvelope.
 * What follows from the body alone comes from its plan (ResponsePlan: made once per body when the
 * mock reuses answers); what depends on the mock's state is worked out here for every request, in
 * this order. A JSON answer or a stream is returned in the turn the request arrived in.
 */
export const createResponse: Handler<'createResponse'> = (ctx) => {
  const { body, store } = ctx;
  const { defaults, headers: names } = ctx.facts;
  // Read before any work: a malformed control header is a 400, not a broken stream.
  const streamed = (body.stream ?? defaults.request.stream) === true;
  const pacing = streamed ? resolvePacing(ctx.headers, ctx.options, store.fixtures) : undefined;
  const failAfterTokens = readFailAfterTokens(ctx.headers);
  const replayed = replayRecording(ctx, pacing);
  if (replayed !== undefined) return replayed;

  const plan = responsePlan(
    { body, fixtures: store.fixtures, catalog: store.catalog, defaults, tokens: ctx.tokens },
    ctx.options.reuseAnswers,
  );
  const sessionId = body.session_id ?? headerValue(ctx, names.sessionId);
  const sticky = sessionId === undefined ? undefined : store.sessions.get(sessionId);
  const choice =
    sticky === undefined
      ? plan.choice
      : chooseProvider(plan.models, body.provider, store.fixtures.providers, sticky, defaults.provider);

  const withMetadata = wantsServiceMetadata(ctx.headers, names.serviceMetadata, defaults.serviceMetadata);
  const verdict = checkGuardrails(store.guardrailsFor(ctx.key.hash), plan.input.allText);
  const metadata = (blocked: boolean) =>
    withMetadata
      ? buildServiceMetadata({
          requested: plan.models.requested,
          choice,
          stages: verdict.stages,
          chosenBy: plan.models.chosenBy,
          blocked,
        })
      : undefined;
  if (verdict.block) {
    throw new GatewayError(403, verdict.block.message, {
      metadata: { patterns: [...verdict.block.patterns] },
      serviceMetadata: metadata(true),
    });
  }

  plan.answer();
  if (sessionId !== undefined) store.sessions.set(sessionId, choice.provider.slug);
  const createdAt = nowSeconds();
  const made: Made = { ids: responseIds(store, createdAt), createdAt, serviceMetadata: metadata(false) };
  const headers = { [names.generationId]: made.ids.generation };
  if (!pacing) {
    const answer = plan.json(made);
    if (failAfterTokens !== undefined && answer.outputTokens > failAfterTokens) {
      throw new GatewayError(502, upstreamFailure(failAfterTokens).message);
    }
    return 'json' in answer
      ? { status: 200, rawBody: answer.json, headers }
      : { status: 200, body: answer.result, headers };
  }

  const debug =
    body.debug?.echo_upstream_body === true
      ? { echo_upstream_body: upstreamBody(body, plan.input, choice) }
      : undefined;
  const { frames, tail } = responseFrames(plan, made, { debug });
  const cut =
    failAfterTokens === undefined
      ? undefined
      : { afterTokens: failAfterTokens, end: 'error' as const, failure: upstreamFailure(failAfterTokens) };
  return { status: 200, stream: { headers: { ...names.eventStream, ...headers }, frames, pacing, tail, cut } };
};

function headerValue(ctx: OperationContext<'createResponse'>, name: string): string | undefined {
  const value = ctx.headers[name];
  return typeof value === 'string' ? value : undefined;
}
