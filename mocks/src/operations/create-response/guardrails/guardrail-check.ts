import type { GuardrailState } from '../../../core/state/store';
import type { PipelineStage } from '../answer/response-types';

/** What the key's guardrails found in the input (GuardrailBlockError, PipelineStage). */
export interface GuardrailVerdict {
  /** One guardrail stage per assigned guardrail, for `service_metadata.pipeline`. */
  readonly stages: readonly PipelineStage[];
  /** Set when a guardrail blocks: its message and every matched pattern. */
  readonly block: { readonly message: string; readonly patterns: readonly string[] } | undefined;
}

/**
 * Runs the guardrails assigned to the calling key over the whole input text (instructions,
 * input items, prompt variables). A pattern matches as a case-insensitive substring.
 * The first blocking guardrail names the message: "Request blocked: <name> patterns detected".
 */
export function checkGuardrails(guardrails: readonly GuardrailState[], text: string): GuardrailVerdict {
  if (guardrails.length === 0) return { stages: [], block: undefined };
  const lower = text.toLowerCase();
  const stages: PipelineStage[] = [];
  const matched: string[] = [];
  let message: string | undefined;
  for (const { definition } of guardrails) {
    const found = definition.patterns.filter((p) => lower.includes(p.toLowerCase()));
    const detected = found.length > 0;
    if (detected) {
      message ??= `Request blocked: ${definition.name.toLowerCase()} patterns detected`;
      for (const pattern of found) if (!matched.includes(pattern)) matched.push(pattern);
    }
    stages.push({
      type: 'guardrail',
      name: definition.name,
      summary: detected
        ? `${definition.name} patterns detected (${found.length}); request blocked.`
        : `No ${definition.name.toLowerCase()} patterns detected.`,
      guardrail_id: definition.id,
      guardrail_scope: definition.scope,
      data: { action: definition.action, detected, engines: [...definition.engines], patterns: found },
    });
  }
  return { stages, block: message === undefined ? undefined : { message, patterns: matched } };
}
