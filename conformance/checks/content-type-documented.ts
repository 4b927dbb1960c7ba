import { documentedResponse, mediaType } from '../engine/response-helpers';
import type { Check } from '../engine/types';

/**
 * The content type of every answer is documented for its status (#/info wire format, createResponse):
 * JSON bodies, `text/event-stream` only where the operation documents streams.
 */
export const contentTypeDocumented: Check = {
  name: 'content-type-documented',
  family: 'response',
  rule: '#/paths/*/*/responses/*/content',
  applies: (exchange) =>
    exchange.response !== undefined && documentedResponse(exchange.operation, exchange.response.status) !== undefined,
  verify(exchange) {
    const response = exchange.response;
    if (!response) return [];
    const documented = documentedResponse(exchange.operation, response.status);
    const allowed = [...(documented?.content.keys() ?? [])];
    const type = mediaType(response.headers);
    if (allowed.length === 0) {
      return response.text === ''
        ? []
        : [
            {
              message: `status ${response.status} documents no body, but one was sent (${type ?? 'no content type'})`,
              expected: 'an empty body',
              kind: 'content-type',
            },
          ];
    }
    if (type === undefined) {
      return [
        {
          message: `status ${response.status} answered without a Content-Type header`,
          expected: `Content-Type ${allowed.join(' or ')}`,
          kind: 'content-type',
        },
      ];
    }
    if (allowed.includes(type)) return [];
    return [
      {
        message: `Content-Type ${response.headers['content-type'] ?? ''} is not documented for status ${response.status}`,
        expected: `Content-Type ${allowed.join(' or ')}`,
        kind: 'content-type',
        cause: `${type} answers where ${exchange.operation.operationId} documents ${allowed.join(' or ')} for ${response.status}`,
      },
    ];
  },
};
