import type { InputText } from './input-text';
import type { ResponseRequest } from './response-types';
import type { ProviderChoice } from '../provider-choice/provider-for-model';

/** Request settings a provider receives unchanged. */
const FORWARDED = [
  'max_output_tokens',
  'temperature',
  'top_p',
  'top_k',
  'presence_penalty',
  'frequency_penalty',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'reasoning',
  'text',
] as const satisfies ReadonlyArray<keyof ResponseRequest>;

/**
 * The request as the mock "sends" it upstream, for the debug chunk of `debug.echo_upstream_body`
 * (DebugOptions, ResponseDebugEvent): the chosen provider and model, the input flattened to
 * role/content messages, and the forwarded settings. Its shape is the mock's choice: the spec
 * shows the chunk's `debug` member as an open object.
 */
export function upstreamBody(body: ResponseRequest, input: InputText, choice: ProviderChoice): Record<string, unknown> {
  const upstream: Record<string, unknown> = {
    provider: choice.provider.slug,
    model: choice.model.model.id,
    messages: input.messages.map((m) => ({ role: m.role, content: m.text })),
    stream: true,
  };
  for (const field of FORWARDED) {
    const value = body[field];
    if (value !== undefined && value !== null) upstream[field] = value;
  }
  return upstream;
}
