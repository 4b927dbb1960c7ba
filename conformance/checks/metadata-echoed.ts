import type { Check } from '../engine/types';
import { resultOf } from './usage-total-consistent';
import { endedFailed } from '../../kit/stream/stream-events';
import { streamEventsOf } from '../engine/stream-helpers';
import { isRecord } from '../../kit/json/guards';

/**
 * The result's `metadata` is the request's metadata (#/components/schemas/ResponseResult/properties/metadata):
 * the JSON result and the response `response.completed` or `response.incomplete` ends a stream with
 * carry it; the response of `response.failed` may leave it out (ResponseFailedSnapshot), and is
 * judged only when it carries it.
 */
export const metadataEchoed: Check = {
  name: 'metadata-echoed',
  family: 'response',
  rule: '#/components/schemas/ResponseResult/properties/metadata',
  applies: (exchange) => {
    const body = exchange.request.body;
    const result = resultOf(exchange);
    if (!isRecord(body) || !isRecord(body.metadata) || result === undefined) return false;
    return result.metadata !== undefined || !endedFailed(streamEventsOf(exchange));
  },
  verify(exchange) {
    const sent = isRecord(exchange.request.body) ? exchange.request.body.metadata : undefined;
    const got = resultOf(exchange)?.metadata;
    if (isRecord(sent) && isRecord(got) && sameMap(sent, got)) return [];
    return [
      {
        message:
          got === undefined
            ? 'the result has no metadata'
            : `the result's metadata is ${JSON.stringify(got).slice(0, 300)}`,
        expected: `the request's metadata ${JSON.stringify(sent)?.slice(0, 300)}`,
      },
    ];
  },
};

function sameMap(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
