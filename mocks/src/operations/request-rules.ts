import { isRecord } from '../../../kit/json/guards';
import { isFunctionTool, readToolChoice } from './create-response/answer/tool-choice';
import type { ResponseRequest } from './create-response/answer/response-types';
import { SemanticRuleError } from './semantic-rule-error';
import type { SemanticRule } from './semantic-rule-error';

/** A semantic rule a request breaks, and the mock's message for it. */
export interface BrokenRule {
  readonly rule: SemanticRule;
  readonly message: string;
}

/**
 * The semantic rule a schema-valid request breaks, of those the request alone decides (the tool
 * choice), checked by the very code the mock answers with; undefined when it
 * breaks none of them. The rules that depend on a catalog (unknown model, embeddings model,
 * routing plugins) are the gateway's own knowledge, not the request's.
 */
export function brokenRequestRule(operationId: string, body: unknown): BrokenRule | undefined {
  if (operationId !== 'createResponse' || !isRecord(body)) return undefined;
  const request = body as ResponseRequest;
  try {
    if (request.tool_choice !== undefined)
      readToolChoice(request.tool_choice, (request.tools ?? []).filter(isFunctionTool));
  } catch (err) {
    if (err instanceof SemanticRuleError) return { rule: err.rule, message: err.message };
    throw err;
  }
  return undefined;
}
