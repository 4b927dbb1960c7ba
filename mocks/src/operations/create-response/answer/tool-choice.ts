import { SemanticRuleError } from '../../semantic-rule-error';
import type { FunctionTool, ResponseRequest, ToolDefinition } from './response-types';

/** What `tool_choice` allows: no call, a call when a script asks for one, or a call every time (of `forced`, if named). */
export interface Choice {
  readonly mode: 'auto' | 'none' | 'required';
  readonly forced: FunctionTool | undefined;
}

/** tool_choice (the spec's default when left out): `none`, `auto`, `required`, or `{ type: "function", name }`. Other values act as auto. */
export function readToolChoice(raw: ResponseRequest['tool_choice'], functions: readonly FunctionTool[]): Choice {
  if (raw === 'none') return { mode: 'none', forced: undefined };
  // ResponseRequest's if/then asks for a function tool beside "required": none to call only
  // under a spec without that rule, where there is nothing to force.
  if (raw === 'required')
    return functions.length === 0 ? { mode: 'auto', forced: undefined } : { mode: 'required', forced: undefined };
  if (typeof raw === 'object' && raw !== null && raw.type === 'function' && typeof raw.name === 'string') {
    const forced = functions.find((f) => f.name === raw.name);
    if (!forced)
      throw new SemanticRuleError(
        'toolChoiceNotInTools',
        `tool_choice names the function "${raw.name}", which is not among the function tools`,
      );
    return { mode: 'required', forced };
  }
  return { mode: 'auto', forced: undefined };
}

export function isFunctionTool(tool: ToolDefinition): tool is FunctionTool {
  return tool.type === 'function' && typeof tool.name === 'string';
}
