import { documentedResponse, mediaType } from '../engine/response-helpers';
import { isSseContentType } from '../engine/stream-helpers';
import type { Check, Exchange } from '../engine/types';
import { EVENT_STREAM } from '../../kit/stream/stream-spec';
import { isRecord } from '../../kit/json/guards';

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
    const wanted = streamAsked(exchange.request);
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

/**
 * Whether the body sent asked for a stream: what the contract switches on. The suite may send
 * `"stream": true` without reading the answer as a stream (a generated or a verbatim body), so
 * the body decides, and `request.stream` (how the suite read the answer) only when there is none.
 */
function streamAsked(request: Exchange['request']): boolean {
  if (request.body !== undefined) return isRecord(request.body) && request.body.stream === true;
  if (request.rawBody !== undefined) {
    try {
      const parsed: unknown = JSON.parse(request.rawBody);
      return isRecord(parsed) && parsed.stream === true;
    } catch {
      return false;
    }
  }
  return request.stream === true;
}
