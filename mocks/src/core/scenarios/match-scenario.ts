import { isRecord } from '../../../../kit/json/guards';
import { readInputText } from '../../operations/create-response/answer/input-text';
import type { ResponseRequest } from '../../operations/create-response/answer/response-types';
import type { ScenarioMatch, ScenarioRequest } from './scenario-types';

/** Whether a request is one a scenario answers: every field the match gives agrees. */
export function matchesScenario(match: ScenarioMatch, request: ScenarioRequest): boolean {
  if (match.operation !== request.operationId) return false;
  if (match.headers)
    for (const [name, value] of Object.entries(match.headers))
      if (request.header(name.toLowerCase()) !== value) return false;
  if (match.model === undefined && match.input === undefined && match.stream === undefined) return true;
  const body = isRecord(request.body) ? request.body : {};
  if (match.model !== undefined && body.model !== match.model) return false;
  // ResponseRequest.stream: default false.
  if (match.stream !== undefined && (body.stream === true) !== match.stream) return false;
  return match.input === undefined || inputText(body).includes(match.input);
}

/** The request's instructions and messages, as guardrails read them; nothing when unreadable. */
function inputText(body: Readonly<Record<string, unknown>>): string {
  try {
    return readInputText(body as ResponseRequest).allText;
  } catch {
    return '';
  }
}
