import type { Expectation } from '../engine/types';
import { isRecord } from '../../kit/json/guards';

/**
 * `unassigned_count` counts keys actually unassigned (UnassignKeysResult, unassignGuardrailKeys): repeats and unknown
 * hashes count 0, and a second call for the same keys gives 0.
 */
export function expectUnassignedCount(count: number, why: string): Expectation {
  return {
    check: 'unassigned-count-matches',
    family: 'guardrail',
    rule: '#/components/schemas/UnassignKeysResult',
    verify(exchange) {
      const response = exchange.response;
      if (response?.status !== 200) {
        return [
          {
            message: `got status ${response?.status ?? 'none'} instead of a count`,
            expected: `200 with unassigned_count ${count} (${why})`,
          },
        ];
      }
      const got = isRecord(response.json) ? response.json.unassigned_count : undefined;
      if (got === count) return [];
      return [
        { message: `unassigned_count is ${JSON.stringify(got)}`, expected: `unassigned_count ${count} (${why})` },
      ];
    },
  };
}
