import { GatewayError } from '../exchange/gateway-error';
import type { GatewayErrorOptions } from '../exchange/gateway-error';

/**
 * Every 400 the mock answers to a request its schema accepts: the rules of the contract that the
 * request schema cannot express. Each id is the name of an example of
 * #/components/responses/BadRequest marked `x-semantic-rule: <operationId>` in spec/openapi.yaml,
 * and the response's description lists them; mocks/test/operations/semantic-rule-error.test.ts fails when
 * this list and the document's differ, and when a 400 is thrown anywhere else in the data path.
 */
export const SEMANTIC_RULES = {
  /** `model` or an entry of `models` names no model of the catalog. */
  unknownModel: 'createResponse',
  /** `model` or `models` names an embeddings model, which cannot create responses. */
  embeddingsModel: 'createResponse',
  /** A routing plugin's `allowed_models` matches no chat model (AutoRouterPlugin and the others). */
  allowedModelsUnmatched: 'createResponse',
  /** The fusion plugin names a panel or judge model that is not a chat model of the catalog (FusionPlugin). */
  fusionModelUnknown: 'createResponse',
  /** `tool_choice` names a function that is not among the function tools (ToolChoice). */
  toolChoiceNotInTools: 'createResponse',
} as const;

export type SemanticRule = keyof typeof SEMANTIC_RULES;

/** The 400 of one semantic rule, carrying the rule's id; throw it where the rule is checked. */
export class SemanticRuleError extends GatewayError {
  constructor(
    readonly rule: SemanticRule,
    message: string,
    metadata?: GatewayErrorOptions['metadata'],
  ) {
    super(400, message, metadata === undefined ? {} : { metadata });
  }
}
