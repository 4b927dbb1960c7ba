import { finalResponse } from '../../kit/stream/stream-events';
import { streamEventsOf } from '../engine/stream-helpers';
import type { Check, Exchange } from '../engine/types';
import { isRecord } from '../../kit/json/guards';

/** The result of an exchange: the JSON body, or the terminal event's response of a stream. */
export function resultOf(exchange: Exchange): Record<string, unknown> | undefined {
  if (exchange.response?.status !== 200) return undefined;
  const result = exchange.stream ? finalResponse(streamEventsOf(exchange)) : exchange.response.json;
  return isRecord(result) && result.object === 'response' ? result : undefined;
}

/** `usage.total_tokens` is input plus output tokens (#/components/schemas/ResponseUsage). */
export const usageTotalConsistent: Check = {
  name: 'usage-total-consistent',
  family: 'response',
  rule: '#/components/schemas/ResponseUsage',
  applies: (exchange) => isRecord(resultOf(exchange)?.usage),
  verify(exchange) {
    const usage = resultOf(exchange)?.usage;
    if (!isRecord(usage)) return [];
    const { input_tokens: input, output_tokens: output, total_tokens: total } = usage;
    if (typeof input !== 'number' || typeof output !== 'number' || typeof total !== 'number') return []; // the schema check reports types
    if (total === input + output) return [];
    return [
      {
        message: `usage.total_tokens is ${total} but input_tokens + output_tokens is ${input + output}`,
        expected: 'total_tokens = input_tokens + output_tokens',
      },
    ];
  },
};
