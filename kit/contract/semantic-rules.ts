import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import { encodeSegment } from '../json/json-pointer';
import type { Contract } from './contract';
import { listOperations } from './operations';

/**
 * A 400 the document promises for a request its schema accepts: a named example of an
 * operation's 400 answer marked `x-semantic-rule: <operationId>` (BadRequest's description lists them).
 */
export interface SemanticRule {
  /** The example's name, which is also the id of the rule in the mock (mocks/src/operations/semantic-rule-error.ts). */
  readonly id: string;
  readonly operationId: string;
  /** The example's summary: the request it answers, in words. */
  readonly summary: string;
  /** The example's `error.message`. */
  readonly message: string;
  /** JSON pointer of the example, for reports. */
  readonly pointer: string;
}

/** By contract: the rules are read once, since the proxy asks for them on every exchange it checks. */
const READ = new WeakMap<Contract, readonly SemanticRule[]>();

/** Every semantic 400 rule the document writes down, in document order, once each. */
export function semanticRules(contract: Contract): readonly SemanticRule[] {
  const known = READ.get(contract);
  if (known) return known;
  const found = readSemanticRules(contract);
  READ.set(contract, found);
  return found;
}

function readSemanticRules(contract: Contract): readonly SemanticRule[] {
  const rules = new Map<string, SemanticRule>();
  for (const op of listOperations(contract)) {
    if (!op.responses.has('400')) continue;
    const at = `#/paths/${encodeSegment(op.path)}/${op.method.toLowerCase()}/responses/400`;
    const raw = contract.at<unknown>(at);
    const base = isRecord(raw) && typeof raw.$ref === 'string' ? raw.$ref : at;
    const response = contract.resolve<JsonObject>(raw);
    const media = isRecord(response.content) ? response.content['application/json'] : undefined;
    const examples = isRecord(media) && isRecord(media.examples) ? media.examples : {};
    for (const [name, entry] of Object.entries(examples)) {
      const example = contract.resolve<JsonObject>(entry);
      if (example['x-semantic-rule'] !== op.operationId || rules.has(name)) continue;
      const value = isRecord(example.value) && isRecord(example.value.error) ? example.value.error : {};
      rules.set(name, {
        id: name,
        operationId: op.operationId,
        summary: typeof example.summary === 'string' ? example.summary : name,
        message: typeof value.message === 'string' ? value.message : '',
        pointer: `${base}/content/application~1json/examples/${encodeSegment(name)}`,
      });
    }
  }
  return Object.freeze([...rules.values()]);
}
