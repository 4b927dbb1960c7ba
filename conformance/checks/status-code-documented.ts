import { documentedResponse, documentedStatuses } from '../engine/response-helpers';
import type { Check } from '../engine/types';

/** Every answer's status is one the operation documents (#/paths, createResponse responses, each operation's responses). */
export const statusCodeDocumented: Check = {
  name: 'status-code-documented',
  family: 'response',
  rule: '#/paths/*/*/responses',
  applies: (exchange) => exchange.response !== undefined,
  verify(exchange) {
    const status = exchange.response?.status ?? 0;
    if (documentedResponse(exchange.operation, status)) return [];
    return [
      {
        message: `status ${status} is not documented for ${exchange.operation.operationId}`,
        expected: `one of ${documentedStatuses(exchange.operation).join(', ')}`,
        kind: 'status',
        cause: `${exchange.operation.operationId} answered ${status}, a status it does not document`,
      },
    ];
  },
};
