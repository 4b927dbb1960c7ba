import type { ChangeLocation } from './describe-location';
import type { RawChange } from './describe-change';
import { RULES_KEY } from './fold-all-of';

export interface RuleClassification {
  readonly severity: 'breaking' | 'non-breaking' | 'unclassified';
  readonly reason: string;
}

/**
 * A rule of an object's `allOf` (an `anyOf` "one of these members", an `if`/`then`), kept whole
 * by fold-all-of.ts under RULES_KEY and named by its title. Every rule must hold, so a rule added
 * narrows the values and a rule removed widens them: in a request, one added may reject requests
 * the old schema accepted (breaking, even when the old contract refused them otherwise, which the
 * schema cannot show: docs/spec-authors.md says how such a change is accepted). A change inside a
 * rule can move either way and is left for review.
 */
export function allOfRulesRule(change: RawChange, location: ChangeLocation): RuleClassification | undefined {
  const at = location.tail.indexOf(RULES_KEY);
  if (at !== 0 || location.side === undefined) return undefined;
  const whole = location.tail.length <= 2 && (change.action === 'add' || change.action === 'remove');
  if (!whole) {
    return {
      severity: 'unclassified',
      reason: 'a rule between members changed inside: it may accept more or less; compare it by hand',
    };
  }
  const narrows = change.action === 'add';
  if (location.side === 'request') {
    return narrows
      ? {
          severity: 'breaking',
          reason: 'the request must also satisfy this rule, so it may reject requests it accepted',
        }
      : { severity: 'non-breaking', reason: 'the request no longer has to satisfy this rule' };
  }
  return narrows
    ? { severity: 'non-breaking', reason: 'the response also satisfies this rule: it sends no value it did not send' }
    : { severity: 'breaking', reason: 'the response no longer promises this rule, which clients may rely on' };
}
