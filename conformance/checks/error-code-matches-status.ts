import type { Check } from '../engine/types';
import { isRecord } from '../../kit/json/guards';

/** An error body's `error.code` equals the HTTP status (ErrorEnvelope). */
export const errorCodeMatchesStatus: Check = {
  name: 'error-code-matches-status',
  family: 'error',
  rule: '#/components/schemas/ErrorObject/properties/code',
  applies: (exchange) => (exchange.response?.status ?? 0) >= 400,
  verify(exchange) {
    const response = exchange.response;
    if (!response) return [];
    const body = response.json;
    const error = isRecord(body) ? body.error : undefined;
    if (!isRecord(error)) {
      return [
        {
          message: `status ${response.status} came without an error envelope`,
          expected: `{"error":{"code":${response.status},"message":"..."}}`,
        },
      ];
    }
    if (error.code === response.status) return [];
    return [
      {
        message: `error.code is ${JSON.stringify(error.code)} but the status is ${response.status}`,
        expected: `error.code ${response.status}`,
      },
    ];
  },
};
