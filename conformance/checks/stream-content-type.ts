import { documentedResponse, mediaType } from '../engine/response-helpers';
import { isSseContentType } from '../engine/stream-helpers';
import type { Check } from '../engine/types';
import { EVENT_STREAM } from '../../kit/stream/stream-spec';

/**
 * Where an operation documents both JSON and event streams for 200 (POST /responses), `stream: true`
 * gets `text/event-stream` and anything else gets JSON (createResponse, ResponseStreamEvent).
 */
export const streamContentType: Check = {
  name: 'stream-content-type',
  family: 'stream',
  rule: 'createResponse 200 text/event-stream',
  applies: (exchange) =>
    exchange.response?.status === 200 &&
    documentedResponse(exchange.operation, 200)?.content.has(EVENT_STREAM) === true,
  verify(exchange) {
    const wanted = exchange.request.stream === true;
    if (isSseContentType(exchange) === wanted) return [];
    const got = exchange.response?.headers['content-type'] ?? 'no content type';
    const accept = exchange.request.acceptEventStream === false ? 'without' : 'with';
    const type = (exchange.response && mediaType(exchange.response.headers)) ?? 'no content type';
    return wanted
      ? [
          {
            message: `a 200 answer to stream: true (sent ${accept} Accept: text/event-stream) came as ${got}`,
            expected:
              'Content-Type text/event-stream, whatever the Accept header: the contract switches on stream alone',
            kind: 'content-type',
            cause: `stream: true ${accept} Accept: text/event-stream answered ${type} instead of an event stream`,
          },
        ]
      : [
          {
            message: `a 200 answer to a request without stream: true came as ${got}`,
            expected: 'a JSON body (stream is false by default)',
            kind: 'content-type',
            cause: `requests without stream: true answered ${type}`,
          },
        ];
  },
};
