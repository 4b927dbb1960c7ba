import type { Expectation, Finding } from '../engine/types';
import { okJsonBody } from './status-matches-rule';
import { isEmbeddingsModel } from '../../kit/catalog/model-kinds';
import { isRecord } from '../../kit/json/guards';

export interface FullListSpec {
  readonly embeddingsModel?: string;
  readonly totalMember?: string;
}

/**
 * Without `offset` and `limit` the full list of embeddings models comes back (listEmbeddingsModels): only
 * embeddings models (they list `embeddings` among output modalities, Model), the target's embeddings
 * model among them, and a total count equal to the list's length.
 */
export function expectEmbeddingsListed(spec: FullListSpec): Expectation {
  return {
    check: 'embeddings-listed',
    family: 'catalog',
    rule: 'listEmbeddingsModels 200 application/json',
    verify(exchange) {
      const body = okJsonBody(exchange, { subject: 'the full list', because: 'a list request must succeed' }, 'list');
      if (Array.isArray(body)) return body;
      const data = Array.isArray(body.data) ? body.data.filter(isRecord) : [];
      const findings: Finding[] = [];
      const others = data.filter((m) => !isEmbeddingsModel(m));
      if (others.length > 0)
        findings.push({
          message: `non-embeddings models listed: ${others.map((m) => String(m.id)).join(', ')}`,
          expected: 'only models whose output_modalities include "embeddings"',
        });
      const ids = data.map((m) => String(m.id));
      const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
      if (repeated.length > 0)
        findings.push({
          message: `models listed more than once: ${[...new Set(repeated)].join(', ')}`,
          expected: 'each model once',
        });
      if (spec.embeddingsModel && !data.some((m) => m.id === spec.embeddingsModel)) {
        findings.push({
          message: `${spec.embeddingsModel} is missing from the full list of ${data.length}`,
          expected: `the full list including ${spec.embeddingsModel}`,
        });
      }
      const total = spec.totalMember ? body[spec.totalMember] : undefined;
      if (spec.totalMember && total !== undefined && total !== data.length) {
        findings.push({
          message: `${spec.totalMember} is ${JSON.stringify(total)} but the full list has ${data.length} models`,
          expected: `${spec.totalMember} equal to the number of models`,
        });
      }
      return findings;
    },
  };
}
