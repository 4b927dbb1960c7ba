import type { Expectation } from '../engine/types';
import { isRecord } from '../../kit/json/guards';

/**
 * GET /model answers 200 with the model asked for (getModel): by id, through a known alias
 * (resolved to the canonical model) or with a variant suffix (the variant's id or its base id).
 */
export function expectModel(acceptedIds: readonly string[], why: string): Expectation {
  return {
    check: 'model-matches-request',
    family: 'catalog',
    rule: 'getModel 200 application/json',
    verify(exchange) {
      const response = exchange.response;
      if (response?.status !== 200)
        return [
          {
            message: `got status ${response?.status ?? 'none'}; ${why}`,
            expected: `200 with data.id ${acceptedIds.join(' or ')}`,
          },
        ];
      const data = isRecord(response.json) ? response.json.data : undefined;
      const id = isRecord(data) ? data.id : undefined;
      if (typeof id === 'string' && acceptedIds.some((a) => a.toLowerCase() === id.toLowerCase())) return [];
      return [{ message: `data.id is ${JSON.stringify(id)}; ${why}`, expected: `data.id ${acceptedIds.join(' or ')}` }];
    },
  };
}
