import { DONE_DATA } from '../../kit/sse/read-sse';
import { isEventStream } from '../engine/stream-helpers';
import type { Check, Finding } from '../engine/types';

const SHOWN = 5;

/**
 * The stream is well-formed SSE as a real parser sees it (contract §6): every line is a known
 * field or a comment (comments are tolerated), every `data` is one JSON object or `[DONE]`, and
 * the connection does not break mid-stream.
 */
export const streamFraming: Check = {
  name: 'stream-framing',
  family: 'stream',
  rule: '§6',
  applies: isEventStream,
  verify(exchange) {
    const stream = exchange.stream;
    if (!stream) return [];
    const findings: Finding[] = [];
    for (const line of stream.malformed.slice(0, SHOWN)) {
      findings.push({
        message: `malformed SSE line: ${JSON.stringify(line)}`,
        expected: 'lines of the form "data: <json>", comments starting with ":" or blank lines',
        excerpt: line,
      });
    }
    const notJson = stream.events.filter(
      (e) =>
        e.data !== '[DONE]' &&
        (e.jsonError !== undefined || typeof e.json !== 'object' || e.json === null || Array.isArray(e.json)),
    );
    for (const event of notJson.slice(0, SHOWN)) {
      findings.push({
        message: `event data is not a JSON object: ${JSON.stringify(event.data.slice(0, 120))}`,
        expected: "each event's data holds one JSON stream event",
        excerpt: event.data,
      });
    }
    const lost = stream.unterminated;
    if (lost !== undefined && lost.data !== DONE_DATA) {
      findings.push({
        message: `the stream's last event \`data: ${lost.data.slice(0, 120)}\` has no blank line after it, so SSE clients discard it`,
        expected: 'every event, the last included, ended by a blank line',
        excerpt: lost.data,
      });
    }
    if (stream.transportError !== undefined) {
      findings.push({
        message: `the connection failed mid-stream: ${stream.transportError}`,
        expected: 'a stream that ends after data: [DONE]',
      });
    }
    return findings;
  },
};
