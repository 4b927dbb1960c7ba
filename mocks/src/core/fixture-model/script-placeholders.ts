import { encodeSegment } from '../../../../kit/json/json-pointer';
import type { FixtureCall, FixtureReply, FixtureScript } from './fixture-types';

/**
 * `$1`..`$9` in reply strings take the capture groups of the script's regex (of the user message,
 * or of a tool script's `output`); `$output`, in a tool script, the output of the result it matched.
 */
const PLACEHOLDER = /\$(output|[1-9])/g;

/** What fills a script's placeholders. */
export interface PlaceholderValues {
  readonly groups: readonly (string | undefined)[];
  /** The tool result's output, for `$output` (tool scripts). */
  readonly output?: string;
}

/** Replaces `$n` with capture group n (a group that did not take part becomes '') and `$output` with the output. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (_, name: string) =>
    name === 'output' ? (values.output ?? '') : (values.groups[Number(name)] ?? ''),
  );
}

/** Every string of a script's reply and reasoning, with the JSON path (relative to the script) it sits at. */
export function replyStrings(script: FixtureScript): Array<{ path: string; text: string }> {
  // A recording is replayed as it was: its texts are the gateway's, with no placeholders.
  if ('recorded' in script.reply) return [];
  const found = script.reasoning === undefined ? [] : [{ path: '/reasoning', text: script.reasoning }];
  return [...found, ...stringsIn(script.reply, '/reply')];
}

function stringsIn(value: unknown, path: string): Array<{ path: string; text: string }> {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringsIn(item, `${path}/${i}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, `${path}/${encodeSegment(key)}`));
  }
  return [];
}

/** The group numbers used in a string, e.g. [1, 2] for "from $1 to $2". */
export function placeholdersIn(text: string): number[] {
  return [...text.matchAll(PLACEHOLDER)].filter((m) => m[1] !== 'output').map((m) => Number(m[1]));
}

/** Whether a string uses `$output`. */
export function usesOutput(text: string): boolean {
  return [...text.matchAll(PLACEHOLDER)].some((m) => m[1] === 'output');
}

/** A reply with its placeholders filled: text, refusal and every string inside function-call arguments. */
export function fillReply(reply: FixtureReply, values: PlaceholderValues): FixtureReply {
  if ('recorded' in reply) return reply;
  if ('text' in reply) return { text: fillPlaceholders(reply.text, values) };
  if ('refusal' in reply) return { refusal: fillPlaceholders(reply.refusal, values) };
  if ('function_calls' in reply) return { function_calls: reply.function_calls.map((call) => fillCall(call, values)) };
  return { function_call: fillCall(reply.function_call, values) };
}

function fillCall(call: FixtureCall, values: PlaceholderValues): FixtureCall {
  return { name: call.name, arguments: fillDeep(call.arguments, values) as Record<string, unknown> };
}

function fillDeep(value: unknown, values: PlaceholderValues): unknown {
  if (typeof value === 'string') return fillPlaceholders(value, values);
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, values));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillDeep(item, values)]));
  }
  return value;
}
