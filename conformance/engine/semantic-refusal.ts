import type { SemanticRule } from '../../kit/contract/semantic-rules';
import { isRecord } from '../../kit/json/guards';

/**
 * Words of an example message that stand for what the request sent (a model id, a quoted name, a
 * list): anything holding `/`, a quote, a bracket or a dash. The rest is the rule's own wording.
 */
const SENT_VALUE = /[/"[\]-]/;

/**
 * The message of a semantic rule's example as a pattern: its own words kept, each word that
 * quotes the request (`openai/gpt-does-not-exist`, `"get_time",`) matching any text, and any
 * text allowed after it (a hint the gateway adds).
 */
function messagePattern(rule: SemanticRule): RegExp {
  const words = rule.message
    .split(' ')
    .map((word) => (SENT_VALUE.test(word) ? '.+' : word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${words.join(' ')}`, 's');
}

/**
 * The semantic rule (a BadRequest example marked `x-semantic-rule`) whose message a 400 answer
 * carries, if any: how a judge that knows only the spec tells a documented refusal of a
 * schema-valid request from one for a rule the spec never wrote down.
 */
export function semanticRuleOf(rules: readonly SemanticRule[], body: unknown): SemanticRule | undefined {
  const message = isRecord(body) && isRecord(body.error) ? body.error.message : undefined;
  if (typeof message !== 'string') return undefined;
  return rules.find((rule) => messagePattern(rule).test(message));
}
