import { isRecord } from '../../../../../kit/json/guards';
import { contentText } from './content-text';

/** Input items are read loosely: only the kinds that take part in a tool round trip matter here. */
type InputItem = Readonly<Record<string, unknown>>;

/** A tool call the client sent back (function_call / custom_tool_call input item). */
export interface EchoedCall {
  readonly callId: string | undefined;
  readonly name: string;
}

/** A tool result (function_call_output / custom_tool_call_output input item). */
export interface ToolResult {
  readonly callId: string | undefined;
  /** The called tool, found through the call with the same `call_id`; undefined when that call was not sent. */
  readonly name: string | undefined;
  /** `output` as text: a string as sent, or the text of its parts. */
  readonly output: string;
}

/** Calls sent together, then their results: one step of an agent loop. */
export interface ToolRound {
  readonly calls: readonly EchoedCall[];
  readonly results: readonly ToolResult[];
}

/** The tool rounds after the last user message: the input of a turn that ends with tool results. */
export interface ToolTurn {
  readonly rounds: readonly ToolRound[];
}

const CALLS = new Set(['function_call', 'custom_tool_call']);
const RESULTS = new Set(['function_call_output', 'custom_tool_call_output']);

/**
 * The turn after the last user message, when tool results come in it and no user message follows
 * them; undefined otherwise. The shapes every client sends are read alike: calls with or without
 * `id` and `status`, results whose `output` is a string or an array of parts, parallel calls sent
 * together before their results, and `item_reference`, `reasoning` and assistant `message` items
 * in between, which are skipped. A result is paired with its call by `call_id` (never by `id`); the
 * call may be absent (only an item_reference was sent), and then the tool's name is unknown.
 */
export function readToolTurn(items: readonly InputItem[], lastUser: number): ToolTurn | undefined {
  const names = new Map<string, string>();
  for (const item of items) {
    if (CALLS.has(item.type as string) && typeof item.call_id === 'string' && typeof item.name === 'string')
      names.set(item.call_id, item.name);
  }
  const rounds: Array<{ calls: EchoedCall[]; results: ToolResult[] }> = [];
  let current: { calls: EchoedCall[]; results: ToolResult[] } | undefined;
  for (const item of items.slice(lastUser + 1)) {
    const callId = typeof item.call_id === 'string' ? item.call_id : undefined;
    if (CALLS.has(item.type as string)) {
      if (current === undefined || current.results.length > 0) rounds.push((current = { calls: [], results: [] }));
      current.calls.push({ callId, name: typeof item.name === 'string' ? item.name : '' });
    } else if (RESULTS.has(item.type as string)) {
      if (current === undefined) rounds.push((current = { calls: [], results: [] }));
      const name = callId === undefined ? undefined : names.get(callId);
      current.results.push({ callId, name, output: outputText(item.output) });
    }
  }
  return rounds.some((round) => round.results.length > 0) ? { rounds } : undefined;
}

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return contentText(output);
  return isRecord(output) || output === undefined ? JSON.stringify(output ?? '') : String(output);
}
