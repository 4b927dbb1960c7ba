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
  readonly route: ProviderChoice;
  readonly stages: readonly PipelineStage[];
  /** The router or routing plugin that chose the model, if any. */
  readonly chosenBy: string | undefined;
  /** True when a guardrail blocked the request before it reached a provider. */
  readonly blocked: boolean;
}

/** Routing metadata with every member of ServiceMetadata (all of them, as GuardrailBlockError asks on a block). */
export function buildServiceMetadata(input: MetadataInput): ServiceMetadata {
  const { route, blocked } = input;
  const modelId = route.model.model.id;
  const available = route.ranked.map((e) => ({
    model: modelId,
    provider: e.provider,
    selected: !blocked && e === route.endpoint,
  }));
  return {
    attempt: 1,
    endpoints: { available, total: available.length },
    is_byok: false,
    region: route.provider.region,
    requested: input.requested,
    strategy: route.strategy,
    summary: blocked ? 'Blocked by guardrail before routing.' : routedSummary(input, available.length),
    pipeline: [...input.stages],
  };
}

function routedSummary(input: MetadataInput, total: number): string {
  const { route } = input;
  const position = route.ranked.indexOf(route.endpoint) + 1;
  const chosen = input.chosenBy ? `${input.chosenBy} chose ${route.model.model.id}; ` : '';
  const sticky = route.sticky ? ' (kept for the session)' : '';
  return `${chosen}Routed to ${route.provider.slug}${sticky} (${position} of ${total} endpoints).`;
}
