import { isRecord } from '../../kit/json/guards';
import type { HarEntry, HarHeader } from './har-types';

/** The call id the rebuilt request of a tool-result recording gives its call and result. */
const RECORDED_CALL_ID = 'call_recorded';

/**
 * The exchanges of the kit's own recording (`--record`'s scripts file, docs/record-replay.md) as
 * HAR entries. A recording keeps the answer whole but only the request's match (`model`, the last
 * user text or the tool result), so the request is rebuilt from it: POST /responses with that model
 * and input, streamed when the recording holds events. A recording with a JSON body and events
 * gives two exchanges. Scripts that are not recordings (a fixtures file's own) are skipped.
 */
export function* recordingEntries(
  value: unknown,
  fail: (where: string, why: string) => Error,
): Generator<{ entry: HarEntry; where: string }> {
  const scripts: unknown[] = Array.isArray(value) ? value : isRecord(value) ? (value.scripts as unknown[]) : [];
  for (let i = 0; i < scripts.length; i++) {
    const where = `/scripts/${i}`;
    const script = scripts[i];
    if (!isRecord(script) || !isRecord(script.reply)) throw fail(where, 'a script needs a reply object');
    const recorded = script.reply.recorded;
    if (recorded === undefined) continue;
    if (!isRecord(recorded) || typeof recorded.from !== 'string' || !URL.canParse(recorded.from))
      throw fail(`${where}/reply/recorded`, 'a recording needs `from`, the gateway base URL it was recorded from');
    if (typeof recorded.status !== 'number') throw fail(`${where}/reply/recorded/status`, 'is not a number');
    const match = isRecord(script.match) ? script.match : {};
    const at = typeof recorded.at === 'string' ? recorded.at : new Date(0).toISOString();
    const url = `${recorded.from.replace(/\/+$/, '')}/responses`;
    const events = Array.isArray(recorded.events) ? (recorded.events as unknown[]) : undefined;
    if (recorded.body !== undefined || events === undefined)
      yield {
        entry: entry(
          at,
          url,
          request(match, false),
          recorded.status,
          'application/json',
          JSON.stringify(recorded.body ?? {}),
        ),
        where,
      };
    if (events !== undefined) {
      const frames = events.map((e) => `data: ${JSON.stringify(isRecord(e) ? e.event : e)}\n\n`).join('');
      const last = events.at(-1);
      const time = isRecord(last) && typeof last.at_ms === 'number' ? last.at_ms : 0;
      yield {
        entry: entry(
          at,
          url,
          request(match, true),
          recorded.status,
          'text/event-stream',
          `${frames}data: [DONE]\n\n`,
          time,
        ),
        where: `${where} (events)`,
      };
    }
  }
}

function request(match: Record<string, unknown>, stream: boolean): string {
  const model = typeof match.model === 'string' ? match.model : undefined;
  const text = (m: unknown): string =>
    isRecord(m) && typeof m.equals === 'string'
      ? m.equals
      : isRecord(m) && typeof m.contains === 'string'
        ? m.contains
        : 'recorded';
  const input =
    typeof match.tool === 'string'
      ? [
          { type: 'function_call', call_id: RECORDED_CALL_ID, name: match.tool, arguments: '{}' },
          { type: 'function_call_output', call_id: RECORDED_CALL_ID, output: text(match.output) },
        ]
      : text(match);
  return JSON.stringify({ ...(model === undefined ? {} : { model }), input, ...(stream ? { stream: true } : {}) });
}

function entry(
  startedDateTime: string,
  url: string,
  body: string,
  status: number,
  mimeType: string,
  text: string,
  time = 0,
): HarEntry {
  const json: HarHeader = { name: 'content-type', value: 'application/json' };
  return {
    startedDateTime,
    time,
    request: {
      method: 'POST',
      url,
      httpVersion: 'HTTP/1.1',
      headers: [json, { name: 'authorization', value: 'Bearer REDACTED' }],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: body.length,
      postData: { mimeType: 'application/json', text: body },
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'content-type', value: mimeType }],
      cookies: [],
      content: { size: text.length, mimeType, text },
      redirectURL: '',
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: time },
  };
}
