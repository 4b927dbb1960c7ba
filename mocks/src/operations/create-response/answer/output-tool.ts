import type { FunctionTool } from './response-types';
import type { ToolResult } from './tool-turn';

/**
 * How a tool's description says that it takes the final, structured answer: LangChain's
 * structured-output tools ("Tool for extracting structured output from the model's response.",
 * `createAgent({ responseFormat })`), an answer tool of an agent loop ("A tool for providing the
 * final answer."). A model reads the descriptions of its tools; the mock reads them for this only.
 */
const TAKES_THE_ANSWER = /\bstructured output\b|\bfinal (?:answer|response|result)\b/i;

/**
 * The function tool an answer goes to instead of text, when the request offers one: the first
 * whose description says it takes the final answer, unless the turn's results already include
 * its own (the client has the answer; calling it again would never end the loop).
 */
export function outputTool(
  functions: readonly FunctionTool[],
  results: readonly ToolResult[] | undefined,
): FunctionTool | undefined {
  const tool = functions.find((f) => typeof f.description === 'string' && TAKES_THE_ANSWER.test(f.description));
  if (tool === undefined || results?.some((result) => result.name === tool.name)) return undefined;
  return tool;
}
