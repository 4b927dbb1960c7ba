import type { ResponseRequest } from './response-types';
import { isRecord } from '../../../../../kit/json/guards';
import { contentText } from './content-text';
import { readToolTurn } from './tool-turn';
import type { ToolTurn } from './tool-turn';

/** Input items are read loosely: only the kinds that carry text matter here (InputItem). */
type InputItem = Readonly<Record<string, unknown>>;

/** One piece of text the request carries, with the role it speaks in. */
export interface InputMessage {
  readonly role: string;
  readonly text: string;
}

/** The text of a request, read once and shared by scripts, guardrails and token counting. */
export interface InputText {
  /** Instructions, input items and prompt variables in request order (ResponseRequest, InputItem). */
  readonly messages: readonly InputMessage[];
  /**
   * What scripts match against: the last user message; without one, the rendered prompt
   * variables; else the empty string.
   */
  readonly matchText: string;
  /** Every text joined by newlines: what guardrails inspect and what input tokens count. */
  readonly allText: string;
  /**
   * Set when the input ends with tool results after its last user message (an agent loop's next
   * step): the calls and results of that turn, in rounds. Scripts then match the results.
   */
  readonly toolTurn: ToolTurn | undefined;
}

export function readInputText(body: ResponseRequest): InputText {
  const messages: InputMessage[] = [];
  if (typeof body.instructions === 'string' && body.instructions !== '') {
    messages.push({ role: 'developer', text: body.instructions });
  }
  const promptText = renderPrompt(body.prompt);
  if (promptText !== '') messages.push({ role: 'user', text: promptText });
  let matchText = promptText;
  let toolTurn: ToolTurn | undefined;
  if (typeof body.input === 'string') {
    messages.push({ role: 'user', text: body.input });
    matchText = body.input;
  } else if (Array.isArray(body.input)) {
    const items = body.input as readonly InputItem[];
    let lastUser = -1;
    let resultsAfter = false;
    for (const [index, item] of items.entries()) {
      if (isUserMessage(item)) {
        lastUser = index;
        resultsAfter = false;
      } else if (item.type === 'function_call_output' || item.type === 'custom_tool_call_output') {
        resultsAfter = true;
      }
      const message = itemText(item);
      if (!message) continue;
      messages.push(message);
      if (message.role === 'user') matchText = message.text;
    }
    if (resultsAfter) toolTurn = readToolTurn(items, lastUser);
  }
  return { messages, matchText, allText: messages.map((m) => m.text).join('\n'), toolTurn };
}

/** A user message: an item with role `user`, typed `message` or not typed at all (EasyInputMessage). */
function isUserMessage(item: InputItem): boolean {
  return (item.type === undefined || item.type === 'message') && item.role === 'user';
}

/**
 * The mock keeps no stored prompts, so a prompt reference renders as its variables' text in
 * the order given (string values and the `text` of input-text parts); images and files add none.
 */
function renderPrompt(prompt: ResponseRequest['prompt']): string {
  if (!prompt?.variables) return '';
  const texts: string[] = [];
  for (const value of Object.values(prompt.variables)) {
    if (typeof value === 'string') texts.push(value);
    else if (isRecord(value) && typeof value.text === 'string') texts.push(value.text);
  }
  return texts.join('\n');
}

/** The text of one input item (InputItem); kinds without text give undefined. */
function itemText(item: InputItem): InputMessage | undefined {
  const type = item.type;
  if (type === undefined || type === 'message') {
    const text = contentText(item.content);
    return text === '' ? undefined : { role: typeof item.role === 'string' ? item.role : 'user', text };
  }
  if (type === 'function_call') {
    return { role: 'assistant', text: `${String(item.name ?? '')}(${String(item.arguments ?? '')})` };
  }
  if (type === 'function_call_output') {
    const text = typeof item.output === 'string' ? item.output : contentText(item.output);
    return text === '' ? undefined : { role: 'tool', text };
  }
  if (type === 'reasoning' && Array.isArray(item.summary)) {
    const text = contentText(item.summary);
    return text === '' ? undefined : { role: 'assistant', text };
  }
  return undefined;
}
