import type { Check } from '../engine/types';
import { resultOf } from './usage-total-consistent';
import { isRecord } from '../../kit/json/guards';

/** The result's `metadata` is the request's metadata (#/components/schemas/ResponseResult/properties/metadata). */
export const metadataEchoed: Check = {
  name: 'metadata-echoed',
  family: 'response',
  rule: '#/components/schemas/ResponseResult/properties/metadata',
  applies: (exchange) => {
    const body = exchange.request.body;
    return isRecord(body) && isRecord(body.metadata) && resultOf(exchange) !== undefined;
  },
  verify(exchange) {
    const sent = isRecord(exchange.request.body) ? exchange.request.body.metadata : undefined;
    const got = resultOf(exchange)?.metadata;
    if (isRecord(sent) && isRecord(got) && sameMap(sent, got)) return [];
    return [
      {
        message: `the result's metadata is ${JSON.stringify(got)?.slice(0, 300)}`,
        expected: `the request's metadata ${JSON.stringify(sent)?.slice(0, 300)}`,
      },
    ];
  },
};

function sameMap(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
