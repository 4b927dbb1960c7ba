import type { FixtureModelObject, Fixtures } from '../fixtures/fixture-types';
import { GatewayError } from '../pipeline/gateway-error';
import type { InputText } from './input-text';
import { matchScript } from './match-script';
import type { FunctionTool, ResponseRequest, ToolDefinition } from './response-types';
import { sampleValue } from '../../../kit/sample/sample-value';

export type AnswerBody =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'refusal'; readonly refusal: string }
  | { readonly kind: 'function_call'; readonly name: string; readonly arguments: string };

/** What the model "says", before token budgets, ids and the result envelope. */
export interface Answer {
  readonly body: AnswerBody;
  /** Reasoning summary text, when the request asks for reasoning and the model reasons. */
  readonly reasoning: string | undefined;
  /** The script that matched, or null for the default reply. */
  readonly script: string | null;
}

/**
 * The deterministic answer to a request:
 * - the first script matching the last user message (else the default reply) decides;
 * - a function-call script answers with that call when a function tool of that name is given
 *   and `tool_choice` is not `none`; otherwise the default reply is the answer;
 * - `tool_choice: required` or `{type: "function", name}` always answers with a call: the
 *   script's when it names an allowed tool, else one built from the tool's `parameters`;
 * - `text.format` json_schema / json_object turns a non-JSON text into JSON that fits.
 */
export function decideAnswer(
  body: ResponseRequest,
  fixtures: Fixtures,
  input: InputText,
  model: FixtureModelObject,
): Answer {
  const match = matchScript(fixtures, input.matchText);
  const functions = (body.tools ?? []).filter(isFunctionTool);
  const choice = readToolChoice(body.tool_choice, functions);
  const reasoning = wantsReasoning(body, model) ? (match.reasoning ?? defaultReasoning(match.name)) : undefined;
  const reply = match.reply;

  if ('function_call' in reply && choice.mode !== 'none') {
    const call = reply.function_call;
    const allowed =
      choice.forced === undefined ? functions.some((f) => f.name === call.name) : choice.forced.name === call.name;
    if (allowed)
      return {
        body: { kind: 'function_call', name: call.name, arguments: JSON.stringify(call.arguments) },
        reasoning,
        script: match.name,
      };
  }
  if (choice.mode === 'required') {
    const tool = choice.forced ?? functions[0];
    if (tool)
      return {
        body: { kind: 'function_call', name: tool.name, arguments: JSON.stringify(sampleArguments(tool)) },
        reasoning,
        script: match.name,
      };
  }
  if ('refusal' in reply) return { body: { kind: 'refusal', refusal: reply.refusal }, reasoning, script: match.name };
  const text = 'text' in reply ? reply.text : fixtures.default_reply.text;
  return {
    body: { kind: 'text', text: formatText(text, body.text) },
    reasoning,
    script: 'text' in reply ? match.name : null,
  };
}

interface Choice {
  readonly mode: 'auto' | 'none' | 'required';
  readonly forced: FunctionTool | undefined;
}

/** tool_choice: `none`, `auto` (default), `required`, or `{ type: "function", name }`. Other values act as auto. */
function readToolChoice(raw: ResponseRequest['tool_choice'], functions: readonly FunctionTool[]): Choice {
  if (raw === 'none') return { mode: 'none', forced: undefined };
  if (raw === 'required') {
    if (functions.length === 0)
      throw new GatewayError(400, 'tool_choice is "required" but no function tools were given');
    return { mode: 'required', forced: undefined };
  }
  if (typeof raw === 'object' && raw !== null && raw.type === 'function' && typeof raw.name === 'string') {
    const forced = functions.find((f) => f.name === raw.name);
    if (!forced)
      throw new GatewayError(
        400,
        `tool_choice names the function "${raw.name}", which is not among the function tools`,
      );
    return { mode: 'required', forced };
  }
  return { mode: 'auto', forced: undefined };
}

function isFunctionTool(tool: ToolDefinition): tool is FunctionTool {
  return tool.type === 'function' && typeof tool.name === 'string';
}

function sampleArguments(tool: FunctionTool): unknown {
  const value = sampleValue(tool.parameters ?? { type: 'object', properties: {} });
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}

/**
 * Reasoning is shown when the request carries a `reasoning` object that does not switch it off
 * (`effort: "none"`, `enabled: false`, `exclude: true`) and the model is a reasoning model
 * (its catalog entry has `reasoning`).
 */
function wantsReasoning(body: ResponseRequest, model: FixtureModelObject): boolean {
  const config = body.reasoning;
  if (!config || !model.reasoning) return false;
  return config.effort !== 'none' && config.enabled !== false && config.exclude !== true;
}

function defaultReasoning(script: string | null): string {
  return script === null
    ? 'No script matched the input, so the answer is the default reply.'
    : `The input matched the script "${script}", so the answer is its reply.`;
}

/** JSON output formats: keep text that already parses, else build JSON that fits. */
function formatText(text: string, config: ResponseRequest['text']): string {
  const format = config?.format;
  if (typeof format !== 'object' || format === null || !('type' in format)) return text;
  if (format.type === 'json_schema') {
    return isJsonObject(text) ? text : JSON.stringify(sampleValue('schema' in format ? format.schema : {}));
  }
  if (format.type === 'json_object') return isJsonObject(text) ? text : JSON.stringify({ answer: text });
  return text;
}

/** A reply a script author wrote as a JSON object is kept as is. */
function isJsonObject(text: string): boolean {
  if (!text.trimStart().startsWith('{')) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
