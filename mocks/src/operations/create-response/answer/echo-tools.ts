import type { ToolDefinition } from './response-types';

/** A function without declared arguments: what an omitted `parameters` means (OpenAI's FunctionToolParam). */
const NO_PARAMETERS = { type: 'object', properties: {} };

/**
 * The request's tools as the result echoes them (ResponseResult.tools). Function tools carry
 * `strict` as sent, or null when it was not, and `parameters` as sent, or the empty object schema
 * an omitted one stands for: OpenAI's `FunctionTool` requires both members (its Response schema,
 * which the AI SDK and OpenRouter's SDK parse answers with), and FunctionTool in spec/openapi.yaml
 * allows them. Other tools are echoed as sent.
 */
export function echoTools(tools: readonly ToolDefinition[] | undefined): ToolDefinition[] {
  if (tools === undefined) return [];
  return tools.map((tool) =>
    tool.type === 'function'
      ? { ...tool, strict: 'strict' in tool ? tool.strict : null, parameters: tool.parameters ?? NO_PARAMETERS }
      : tool,
  );
}
