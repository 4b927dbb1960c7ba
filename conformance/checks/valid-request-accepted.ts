import type { SemanticRule } from '../../kit/contract/semantic-rules';
import { semanticRuleOf } from '../engine/semantic-refusal';
import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/**
 * A generated request that the spec's schema accepts is accepted by the gateway (property phase).
 * Given the spec's semantic rules (requests generated without knowing them), a 400 that carries one
 * of their messages is a documented refusal too; any other refusal fails.
 */
export function expectValidRequestAccepted(semanticRules: readonly SemanticRule[] = []): Expectation {
  const accepted = expectStatus({
    check: 'valid-request-accepted',
    family: 'property',
    rule: '#/components/schemas/ResponseRequest',
    statuses: [200],
    because:
      semanticRules.length === 0
        ? 'the generated request is valid against the request schema'
        : 'the generated request is valid against the request schema, and a 400 names none of its semantic rules',
    subject: 'generated valid requests',
  });
  if (semanticRules.length === 0) return accepted;
  return {
    ...accepted,
    verify(exchange, ctx) {
      const response = exchange.response;
      if (response?.status === 400 && semanticRuleOf(semanticRules, response.json)) return [];
      return accepted.verify(exchange, ctx);
    },
  };
}
