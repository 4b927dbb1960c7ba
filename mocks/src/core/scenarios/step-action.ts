import { errorMessageFor } from '../../exchange/error-messages';
import { GatewayError, errorEnvelopeJson } from '../../exchange/gateway-error';
import type { AnswerSteering, ScenarioAction, ScenarioStep } from './scenario-types';

/**
 * What the reply layer does for one step. An answer without a body gets the spec's ErrorEnvelope
 * (`{error: {code, message}}`, code equal to the status) with a readable message.
 */
export function stepAction(step: ScenarioStep, scenarioId: string): ScenarioAction {
  const latencyMs = step.latencyMs ?? 0;
  if (step.status !== undefined) {
    const body =
      step.body !== undefined
        ? JSON.stringify(step.body)
        : errorEnvelopeJson(new GatewayError(step.status, step.message ?? errorMessageFor(step.status)));
    return {
      kind: 'answer',
      scenarioId,
      latencyMs,
      status: step.status,
      headers: step.headers ?? {},
      body,
    };
  }
  if (step.network !== undefined) return { kind: 'network', scenarioId, latencyMs, failure: step.network };
  const steering: { -readonly [K in keyof AnswerSteering]: AnswerSteering[K] } = {};
  if (step.firstTokenDelayMs !== undefined) steering.firstTokenDelayMs = step.firstTokenDelayMs;
  if (step.tokensPerSecond !== undefined) steering.tokensPerSecond = step.tokensPerSecond;
  if (step.cut !== undefined) steering.cut = { afterTokens: step.cut.afterTokens, end: step.cut.end ?? 'error' };
  return { kind: 'normal', scenarioId, latencyMs, steering };
}
