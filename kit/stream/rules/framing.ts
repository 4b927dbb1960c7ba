import { isRecord } from '../../json/guards';
import { DONE_DATA } from '../../sse/read-sse';
import type { StreamProblem, StreamRule } from '../stream-rule';

const SHOWN = 5;

/** The type of an SSE event without an event line (the HTML standard's `message`). */
const SSE_DEFAULT_EVENT = 'message';

/**
 * The stream is well-formed SSE as a real parser sees it (ResponseStreamEvent: "Framing"): every
 * line is a known field (`data`, with or without an `event` line naming the type) or a comment
 * (tolerated), every `data` is one JSON object or `[DONE]`, an `event` line names its data's type,
 * and every event, the last included, ends with a blank line.
 */
export const framing: StreamRule = {
  name: 'stream-framing',
  rule: '#/components/schemas/ResponseStreamEvent',
  problems({ stream }) {
    const problems: StreamProblem[] = [];
    for (const line of stream.malformed.slice(0, SHOWN)) {
      problems.push({
        message: `malformed SSE line: ${JSON.stringify(line)}`,
        expected:
          'lines of the form "data: <json>" (with an optional "event: <type>"), comments starting with ":" or blank lines',
        excerpt: line,
      });
    }
    const notJson = stream.events.filter(
      (e) =>
        e.data !== DONE_DATA &&
        (e.jsonError !== undefined || typeof e.json !== 'object' || e.json === null || Array.isArray(e.json)),
    );
    for (const event of notJson.slice(0, SHOWN)) {
      problems.push({
        message: `event data is not a JSON object: ${JSON.stringify(event.data.slice(0, 120))}`,
        expected: "each event's data holds one JSON stream event",
        excerpt: event.data,
      });
    }
    // The `event:` line, when there is one, names the event's type: a client that dispatches on it
    // (EventSource's addEventListener, say) would otherwise hand the event to the wrong handler.
    // `event: message` is SSE's default type spelled out, the same as no event line.
    const misnamed = stream.events.filter(
      (e) =>
        e.event !== undefined &&
        e.event !== SSE_DEFAULT_EVENT &&
        isRecord(e.json) &&
        typeof e.json.type === 'string' &&
        e.json.type !== e.event,
    );
    for (const event of misnamed.slice(0, SHOWN)) {
      problems.push({
        message: `an event line names ${JSON.stringify(event.event)} but its data is a ${String((event.json as { type: string }).type)} event`,
        expected: 'an event: line, when present, naming the type of its data',
        excerpt: `event: ${event.event ?? ''}\ndata: ${event.data.slice(0, 120)}`,
      });
    }
    const lost = stream.unterminated;
    if (lost !== undefined && lost.data !== DONE_DATA) {
      problems.push({
        message: `the stream's last event \`data: ${lost.data.slice(0, 120)}\` has no blank line after it, so SSE clients discard it`,
        expected: 'every event, the last included, ended by a blank line',
        excerpt: lost.data,
        unfinished: true,
      });
    }
    return problems;
  },
};
