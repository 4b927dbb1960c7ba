import { isRecord } from '../../../../kit/json/guards';
import type { ScenarioMatch, ScenarioRequest } from './scenario-types';

/**
 * The text a scenario's `match.input` is looked for in: the request's instructions and
 * messages, as the operation reads them (the operations hand the reader in: the core knows no
 * request body's shape). Nothing when unreadable.
 */
export type InputTextReader = (body: Readonly<Record<string, unknown>>) => string;

/** Whether a request is one a scenario answers: every field the match gives agrees. */
export function matchesScenario(match: ScenarioMatch, request: ScenarioRequest, inputText: InputTextReader): boolean {
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
