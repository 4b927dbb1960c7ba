import { askedForStream, isSseContentType } from '../engine/stream-helpers';
import type { Check } from '../engine/types';

/** A 200 answer to `stream: true` is `text/event-stream` (contract §4.1, §6). */
export const streamContentType: Check = {
  name: 'stream-content-type',
  family: 'stream',
  rule: '§4.1',
  applies: askedForStream,
  verify(exchange) {
    if (isSseContentType(exchange)) return [];
    return [
      {
        message: `a 200 answer to stream: true came as ${exchange.response?.headers['content-type'] ?? 'no content type'}`,
        expected: 'Content-Type text/event-stream',
      },
    ];
  },
};
