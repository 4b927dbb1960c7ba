import type { RequestHeaders } from '../../../exchange/mock-request';
import type { PipelineStage, ServiceMetadata } from '../answer/response-types';
import type { ProviderChoice } from './provider-for-model';

/**
 * The XServiceMetadata header parameter, or its legacy name XServiceExperimentalMetadata, set to
 * `enabled` (enum [disabled, enabled]); a header left out takes the parameter's default.
 */
export function wantsServiceMetadata(
  headers: RequestHeaders,
  [name, legacyName]: readonly [string, string],
  fallback: string,
): boolean {
  return isEnabled(headers[name] ?? fallback) || isEnabled(headers[legacyName] ?? fallback);
}

function isEnabled(value: string | string[]): boolean {
  return typeof value === 'string' && value.toLowerCase() === 'enabled';
}

export interface MetadataInput {
  readonly requested: string;
  readonly choice: ProviderChoice;
  readonly stages: readonly PipelineStage[];
  /** The router or routing plugin that chose the model, if any. */
  readonly chosenBy: string | undefined;
  /** True when a guardrail blocked the request before it reached a provider. */
  readonly blocked: boolean;
}

/** Routing metadata with every member of ServiceMetadata (all of them, as GuardrailBlockError asks on a block). */
export function buildServiceMetadata(input: MetadataInput): ServiceMetadata {
  const { choice, blocked } = input;
  const modelId = choice.model.model.id;
  const available = choice.ranked.map((e) => ({
    model: modelId,
    provider: e.provider,
    selected: !blocked && e === choice.endpoint,
  }));
  return {
    attempt: 1,
    endpoints: { available, total: available.length },
    is_byok: false,
    region: choice.provider.region,
    requested: input.requested,
    strategy: choice.strategy,
    summary: blocked ? 'Blocked by guardrail before routing.' : routedSummary(input, available.length),
    pipeline: [...input.stages],
  };
}

function routedSummary(input: MetadataInput, total: number): string {
  const { choice } = input;
  const position = choice.ranked.indexOf(choice.endpoint) + 1;
  const chosen = input.chosenBy ? `${input.chosenBy} chose ${choice.model.model.id}; ` : '';
  const sticky = choice.sticky ? ' (kept for the session)' : '';
  return `${chosen}Routed to ${choice.provider.slug}${sticky} (${position} of ${total} endpoints).`;
}
