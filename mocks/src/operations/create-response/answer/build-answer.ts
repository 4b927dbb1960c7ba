import type {
  FixtureCall,
  FixtureModelObject,
  FixtureReply,
  Fixtures,
} from '../../../core/fixture-model/fixture-types';
import { fitArguments } from './fit-arguments';
import { objectFromResults } from './object-from-results';
import { outputTool } from './output-tool';
import { describeResults, followUp } from './follow-up';
import type { FollowUp, PlannedCall, Step } from './follow-up';
import type { InputText } from './input-text';
import { matchScript, matchToolScript } from './match-script';
import type { FunctionTool, ResponseRequest } from './response-types';
import { isFunctionTool, readToolChoice } from './tool-choice';
import type { ToolResult } from './tool-turn';
import type { Choice } from './tool-choice';
import { sampleValue } from '../../../../../kit/sample/sample-value';
import type { SpecDefaults } from '../../../core/spec-facts/spec-defaults';

export type AnswerBody =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'refusal'; readonly refusal: string }
  | { readonly kind: 'function_calls'; readonly calls: readonly PlannedCall[] };

/** What the model "says", before token budgets, ids and the result envelope. */
export interface Answer {
  readonly body: AnswerBody;
  /** Reasoning summary text, when the request asks for reasoning and the model reasons. */
  readonly reasoning: string | undefined;
  /** The script that matched, or null for a built-in reply (the default reply, the default tool follow-up). */
  readonly script: string | null;
}

/** The request's settings that shape a step's answer. */
interface Settings {
  readonly body: ResponseRequest;
  readonly functions: readonly FunctionTool[];
  readonly choice: Choice;
}

/**
 * The deterministic answer to a request:
 * - a turn that ends with a user message: the first text script matching it (else the default reply);
 * - a turn that ends with tool results (see `followUp`): the calls of the current step still
 *   without a result, else the next step: the first tool script matching the results, else a text
 *   that reports them (`describeResults`), so an agent loop ends;
 * - a step's calls are made when function tools of those names are given and `tool_choice` is not
 *   `none` (all at once, or the first only with `parallel_tool_calls: false`), their arguments
 *   fitted to each tool's `parameters` (`fitArguments`); otherwise its text fallback answers;
 * - `tool_choice: required` or `{type: "function", name}` always answers with a call: the step's
 *   when it names an allowed tool, else one built from the tool's `parameters` (under `required`,
 *   the tool listed after the one whose result came last, see `nextTool`);
 * - a text answer goes to the tool that takes the final answer instead, when the request offers
 *   one (`outputTool`: its description says so, as LangChain's structured-output tools do), with
 *   arguments from the tool results where they fit;
 * - `text.format` json_schema / json_object turns a non-JSON text into JSON that fits.
 */
export function decideAnswer(
  body: ResponseRequest,
  fixtures: Fixtures,
  input: InputText,
  model: FixtureModelObject,
  defaults: SpecDefaults['request'],
): Answer {
  const functions = (body.tools ?? []).filter(isFunctionTool);
  const choice = readToolChoice(body.tool_choice ?? defaults.tool_choice, functions);
  const settings: Settings = { body, functions, choice };
  const { step, owed } = currentStep(fixtures, input, settings);
  const owesCalls = owed !== undefined && owed.length > 0;
  const answer: AnswerBody = owesCalls ? { kind: 'function_calls', calls: owed } : answerStep(step, settings);
  const limited =
    answer.kind === 'function_calls' && (body.parallel_tool_calls ?? defaults.parallel_tool_calls) === false
      ? { ...answer, calls: answer.calls.slice(0, 1) }
      : answer;
  const reasoning = wantsReasoning(body, model)
    ? (step.match.reasoning ?? defaultReasoning(step.match.name, input.toolTurn !== undefined, owesCalls))
    : undefined;
  // A script whose calls cannot be made answers with its fallback text: that text is not the script's.
  const fromScript = step.match.name !== null && !(limited.kind === 'text' && !('text' in step.match.reply));
  return { body: limited, reasoning, script: fromScript ? step.match.name : null };
}

/** The step the turn is at: the reply to the user message, or, after tool results, where the replay ends. */
function currentStep(fixtures: Fixtures, input: InputText, settings: Settings): FollowUp {
  const model = settings.body.model;
  const question: Step = {
    match: matchScript(fixtures, input.matchText, model),
    fallback: fixtures.default_reply.text,
  };
  if (input.toolTurn === undefined) return { step: question, owed: undefined };
  return followUp(input.toolTurn, question, {
    planned: (step) => plannedCalls(answerStep(step, settings)),
    after: (results) => toolStep(fixtures, results, model),
  });
}

/** The step that answers tool results: the first tool script matching them, else the default follow-up. */
function toolStep(fixtures: Fixtures, results: readonly ToolResult[], model: string | undefined): Step {
  const fallback = describeResults(results);
  const match = matchToolScript(fixtures, results, model) ?? {
    name: null,
    reply: { text: fallback },
    reasoning: undefined,
  };
  return { match, fallback, results };
}

/** A step's answer under the request's tools and tool_choice. */
function answerStep(step: Step, { body, functions, choice }: Settings): AnswerBody {
  const reply = step.match.reply;
  if (choice.mode !== 'none') {
    const allowed = callsOf(reply).filter((call) =>
      choice.forced === undefined ? functions.some((f) => f.name === call.name) : choice.forced.name === call.name,
    );
    if (allowed.length > 0)
      return {
        kind: 'function_calls',
        calls: allowed.map((call) => ({
          name: call.name,
          arguments: JSON.stringify(
            fitArguments(call.arguments, functions.find((f) => f.name === call.name)?.parameters),
          ),
        })),
      };
  }
  if (choice.mode === 'required') {
    const tool = choice.forced ?? nextTool(functions, step.results?.at(-1)?.name);
    if (tool)
      return { kind: 'function_calls', calls: [{ name: tool.name, arguments: JSON.stringify(sampleArguments(tool)) }] };
  }
  if ('refusal' in reply) return { kind: 'refusal', refusal: reply.refusal };
  const output = choice.mode === 'auto' ? outputTool(functions, step.results) : undefined;
  if (output) {
    const args =
      step.results === undefined ? sampleArguments(output) : objectFromResults(output.parameters, step.results);
    return { kind: 'function_calls', calls: [{ name: output.name, arguments: JSON.stringify(args) }] };
  }
  return { kind: 'text', text: formatText('text' in reply ? reply.text : step.fallback, body.text, step.results) };
}

/**
 * The tool a forced call goes to when no script names one: the first function tool, or after tool
 * results the one listed after the tool that answered last (wrapping round), so a loop under
 * `tool_choice: required` moves through the tools, as to an answer tool listed last.
 */
function nextTool(functions: readonly FunctionTool[], after: string | undefined): FunctionTool | undefined {
  const answered = functions.findIndex((f) => f.name === after);
  return functions[(answered + 1) % functions.length];
}

function plannedCalls(answer: AnswerBody): readonly PlannedCall[] {
  return answer.kind === 'function_calls' ? answer.calls : [];
}

function callsOf(reply: FixtureReply): readonly FixtureCall[] {
  if ('function_call' in reply) return [reply.function_call];
  return 'function_calls' in reply ? reply.function_calls : [];
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

function defaultReasoning(script: string | null, afterTools: boolean, owed: boolean): string {
  if (owed) return 'Some of my tool calls have no result yet, so I make them before answering.';
  if (script !== null)
    return afterTools
      ? `The tool results matched the script "${script}", so the answer is its reply.`
      : `The input matched the script "${script}", so the answer is its reply.`;
  return afterTools
    ? 'The tool results came back and no script answers them, so the answer reports them.'
    : 'No script matched the input, so the answer is the default reply.';
}

/** JSON output formats: keep text that already parses, else build JSON that fits (from tool results, when there are). */
function formatText(text: string, config: ResponseRequest['text'], results: readonly ToolResult[] | undefined): string {
  const format = config?.format;
  if (typeof format !== 'object' || format === null || !('type' in format)) return text;
  if (format.type === 'json_schema') {
    if (isJsonObject(text)) return text;
    const schema = 'schema' in format ? format.schema : {};
    return JSON.stringify(results === undefined ? sampleValue(schema) : objectFromResults(schema, results));
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
