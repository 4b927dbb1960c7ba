import type { Expectation } from '../engine/types';
import { wrongStatus } from './status-matches-rule';
import { isRecord } from '../../kit/json/guards';
import { explainMiscount } from './unassigned-miscount';
import type { UnassignSent } from './unassigned-miscount';

/**
 * `unassigned_count` counts keys actually unassigned (UnassignKeysResult, unassignGuardrailKeys): repeats and unknown
 * hashes count 0, and a second call for the same keys gives 0. With `sent`, a count that matches a
 * known miscount (repeats or unknown hashes counted) says so; `hint` is for any other wrong count.
 */
export function expectUnassignedCount(count: number, why: string, hint?: string, sent?: UnassignSent): Expectation {
  return {
    check: 'unassigned-count-matches',
    family: 'guardrail',
    rule: '#/components/schemas/UnassignKeysResult',
    verify(exchange) {
      const response = exchange.response;
      if (response?.status !== 200)
        return [
          wrongStatus(response?.status, {
            expected: '200',
            subject: 'unassignments',
            because: `unassigning from the target's guardrail answers a count (${why})`,
          }),
        ];
      const got = isRecord(response.json) ? response.json.unassigned_count : undefined;
      if (got === count) return [];
      const miscount = typeof got === 'number' && sent !== undefined ? explainMiscount(got, sent) : undefined;
      if (miscount) return [miscount];
      const said =
        got === undefined ? 'the answer has no unassigned_count' : `unassigned_count is ${JSON.stringify(got)}`;
      return [
        { message: hint === undefined ? said : `${said}; ${hint}`, expected: `unassigned_count ${count} (${why})` },
      ];
    },
  };
}
