import type { ResponseRequest } from './response-types';
import { isRecord } from '../../../kit/json/guards';

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
}

export function readInputText(body: ResponseRequest): InputText {
  const messages: InputMessage[] = [];
  if (typeof body.instructions === 'string' && body.instructions !== '') {
    messages.push({ role: 'developer', text: body.instructions });
  }
  const promptText = renderPrompt(body.prompt);
  if (promptText !== '') messages.push({ role: 'user', text: promptText });
  let matchText = promptText;
  if (typeof body.input === 'string') {
    messages.push({ role: 'user', text: body.input });
    matchText = body.input;
  } else if (Array.isArray(body.input)) {
    for (const item of body.input as readonly InputItem[]) {
      const message = itemText(item);
      if (!message) continue;
      messages.push(message);
      if (message.role === 'user') matchText = message.text;
    }
  }
  return { messages, matchText, allText: messages.map((m) => m.text).join('\n') };
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

/** A string, or the text of input_text / output_text / summary_text / refusal parts, joined. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) {
    if (!isRecord(part)) continue;
    if (typeof part.text === 'string') texts.push(part.text);
    else if (typeof part.refusal === 'string') texts.push(part.refusal);
  }
  return texts.join('\n');
}
