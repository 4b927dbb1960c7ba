import type { Expectation } from '../engine/types';
import { isRecord } from '../../kit/json/guards';

/**
 * An optional request member sent alone, beside a plain valid request, with a value drawn from
 * its own schema (kit/sample) is not refused with 400: the request schema accepts it and the spec
 * writes down no rule it breaks (Schemathesis calls this positive data acceptance). Any other
 * status is judged by the generic checks.
 */
export function expectValidMemberAccepted(member: string, value: unknown, rule: string): Expectation {
  return {
    check: 'valid-member-accepted',
    family: 'property',
    rule,
    verify(exchange) {
      const response = exchange.response;
      if (response?.status !== 400) return [];
      const error = isRecord(response.json) && isRecord(response.json.error) ? response.json.error : undefined;
      const said = typeof error?.message === 'string' ? `: ${error.message}` : '';
      return [
        {
          message: `refused ${member} = ${JSON.stringify(value)} with 400${said}`,
          expected: `not 400: ${member} with this value is valid against ${rule}`,
          kind: 'status',
          cause: 'valid optional members refused with 400',
        },
      ];
    },
  };
}
