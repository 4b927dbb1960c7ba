import type { SemanticRule } from '../../kit/contract/semantic-rules';
import type { Expectation } from '../engine/types';
import { expectStatus } from './status-matches-rule';

/**
 * A request that breaks a semantic rule of the document (a BadRequest example marked
 * `x-semantic-rule`) is answered 400: the suite's own requests that break each rule, and the
 * requests the proxy sees that break one, are judged by this one expectation.
 */
export function expectSemanticRuleRejected(rule: SemanticRule): Expectation {
  return expectStatus({
    rule: rule.pointer,
    statuses: [400],
    because: `the document answers 400 here (${rule.id}: "${rule.message}")`,
    subject: 'requests that break a semantic rule',
  });
}
