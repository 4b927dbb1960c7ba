import type { Expectation } from '../engine/types';
import { wrongStatus } from './status-matches-rule';
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
        return [wrongStatus(response?.status, { expected: '200', subject: 'lookups of a served model', because: why })];
      const data = isRecord(response.json) ? response.json.data : undefined;
      const id = isRecord(data) ? data.id : undefined;
      if (typeof id === 'string' && acceptedIds.some((a) => a.toLowerCase() === id.toLowerCase())) return [];
      const got = id === undefined ? 'the answer has no data.id' : `data.id is ${JSON.stringify(id)}`;
      return [{ message: `${got}; ${why}`, expected: `data.id ${acceptedIds.join(' or ')}` }];
    },
  };
}
