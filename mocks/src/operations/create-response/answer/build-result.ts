import type { Answer } from './build-answer';
import { echoTools } from './echo-tools';
import type { ResponseIds } from './ids';
import type { InputText } from './input-text';
import type { OutputItem, ResponseRequest, ResponseResult, ResponseUsage } from './response-types';
import type { SpecDefaults } from '../../../core/spec-facts/spec-defaults';
import type { TokenCounter, Truncated } from '../../../core/token-counter';
import { base64OfText } from './base64';

export interface ResultInput {
  readonly body: ResponseRequest;
  readonly ids: ResponseIds;
  readonly createdAt: number;
  readonly completedAt: number;
  /** The concrete model id that answered. */
  readonly model: string;
  readonly answer: Answer;
  readonly input: InputText;
  /** ResponseRequest's defaults, echoed for the settings the request leaves out. */
  readonly defaults: SpecDefaults['request'];
  /** The mock's token counter. */
  readonly tokens: TokenCounter;
}

/**
 * The ResponseResult with the request's settings echoed. Output tokens are counted with
 * the tokenizer; `max_output_tokens` is a budget spent on reasoning first, then on the answer
 * (call after call), each cut at a token boundary; a cut makes the result `incomplete` with
 * reason `max_output_tokens`, and what has no budget left is left out.
 */
export function buildResult(input: ResultInput): ResponseResult {
  const { body, ids, answer, defaults, tokens } = input;
  const budget = typeof body.max_output_tokens === 'number' ? body.max_output_tokens : Infinity;
  const output: OutputItem[] = [];
  let spent = 0;
  let cut = false;

  if (answer.reasoning !== undefined) {
    const summary = fit(tokens, answer.reasoning, budget);
    spent += summary.tokens;
    cut ||= summary.truncated;
    output.push({
      type: 'reasoning',
      id: ids.item('rs'),
      summary: [{ type: 'summary_text', text: summary.text }],
      ...(body.include?.includes('reasoning.encrypted_content')
        ? { encrypted_content: base64OfText(summary.text) }
        : {}),
      status: summary.truncated ? 'incomplete' : 'completed',
    });
  }
  const reasoningTokens = spent;
  const a = answer.body;
  const pieces =
    a.kind === 'function_calls' ? a.calls.map((call) => call.arguments) : [a.kind === 'text' ? a.text : a.refusal];
  for (const [index, text] of pieces.entries()) {
    const left = budget - spent;
    if (left <= 0) {
      cut = true;
      break;
    }
    const piece = fit(tokens, text, left);
    spent += piece.tokens;
    cut ||= piece.truncated;
    const status = piece.truncated ? 'incomplete' : 'completed';
    if (a.kind === 'function_calls') {
      output.push({
        type: 'function_call',
        id: ids.item('fc'),
        call_id: ids.item('call'),
        name: a.calls[index]?.name ?? '',
        arguments: piece.text,
        status,
      });
    } else {
      output.push({
        type: 'message',
        id: ids.item('msg'),
        role: 'assistant',
        status,
        content: [
          a.kind === 'text'
            ? { type: 'output_text', text: piece.text, annotations: [], logprobs: [] }
            : { type: 'refusal', refusal: piece.text },
        ],
      });
    }
    if (piece.truncated) break;
  }
  const usage = countUsage(input, spent, reasoningTokens);
  return {
    id: ids.generation,
    object: 'response',
    created_at: input.createdAt,
    completed_at: input.completedAt,
    status: cut ? 'incomplete' : 'completed',
    error: null,
    incomplete_details: cut ? { reason: 'max_output_tokens' } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    metadata: { ...(body.metadata ?? {}) },
    model: input.model,
    output,
    parallel_tool_calls: body.parallel_tool_calls ?? defaults.parallel_tool_calls,
    frequency_penalty: body.frequency_penalty ?? null,
    presence_penalty: body.presence_penalty ?? null,
    temperature: body.temperature ?? null,
    top_p: body.top_p ?? null,
    tool_choice: body.tool_choice ?? defaults.tool_choice,
    tools: echoTools(body.tools),
    service_tier: body.service_tier ?? defaults.service_tier,
    text: body.text ?? defaults.text,
    usage,
  };
}

function fit(tokens: TokenCounter, text: string, budget: number): Truncated {
  return budget === Infinity
    ? { text, tokens: tokens.countTokens(text), truncated: false }
    : tokens.truncateToTokens(text, budget);
}

/**
 * Input tokens: every input text (instructions, items, prompt variables) plus the function
 * tools' JSON definitions. Nothing is cached by the mock, so `cached_tokens` and
 * `cache_write_tokens` are 0.
 */
function countUsage(input: ResultInput, output: number, reasoning: number): ResponseUsage {
  const tools = input.body.tools ?? [];
  const { tokens } = input;
  const inputTokens =
    tokens.countTokens(input.input.allText) + (tools.length > 0 ? tokens.countTokens(JSON.stringify(tools)) : 0);
  return {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: reasoning },
    total_tokens: inputTokens + output,
  };
}
