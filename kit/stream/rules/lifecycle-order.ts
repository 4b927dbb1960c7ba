import { isRecord } from '../../json/guards';
import { TERMINAL_EVENTS, describeEvent } from '../stream-events';
import type { StreamProblem, StreamRule } from '../stream-rule';

/**
 * `response.created` comes first (after the debug chunk when `debug.echo_upstream_body` asked for
 * one, DebugOptions / ResponseDebugEvent: whether it came is debug-chunk-first.ts's) and exactly one terminal event (completed, incomplete or
 * failed) comes last before `[DONE]`; an `error` event is followed by `response.failed`. The
 * lifecycle events describe one response (one id), and each terminal event carries it with the
 * status it names (`completed`, `incomplete`, `failed`).
 */
/** Each terminal event's response has the status the event names (ResponseCompletedEvent, ResponseIncompleteEvent, ResponseFailedSnapshot). */
const TERMINAL_STATUS: ReadonlyArray<[string, string, string]> = [
  ['response.completed', 'completed', '#/components/schemas/ResponseCompletedEvent'],
  ['response.incomplete', 'incomplete', '#/components/schemas/ResponseIncompleteEvent'],
  ['response.failed', 'failed', '#/components/schemas/ResponseFailedSnapshot/properties/status'],
];

export const lifecycleOrder: StreamRule = {
  name: 'stream-lifecycle-order',
  rule: '#/components/schemas/ResponseStreamEvent',
  dependsOn: ['stream-framing'],
  problems({ events, debug }) {
    const problems: StreamProblem[] = [];
    const first = debug ? 1 : 0;
    const created = events[first];
    // Without the debug chunk, response.created at #0 is where it belongs: the missing chunk is the
    // one problem, stream-debug-chunk-first's (debug-chunk-first.ts), as is a stream with no event.
    const missingChunkOnly = debug && (events[0] === undefined || events[0].type === 'response.created');
    if (created?.type !== 'response.created' && !missingChunkOnly) {
      problems.push({
        message: `event #${first} is ${created?.type ?? 'missing'}, not response.created`,
        expected: `response.created as event #${first}`,
        excerpt: created?.raw,
        unfinished: created === undefined,
      });
    }
    const terminals = events.filter((e) => TERMINAL_EVENTS.includes(e.type));
    const last = events[events.length - 1];
    if (terminals.length !== 1) {
      problems.push({
        message: `${terminals.length} terminal events (${terminals.map((e) => e.type).join(', ') || 'none'})`,
        expected: `exactly one of ${TERMINAL_EVENTS.join(', ')}`,
        unfinished: terminals.length === 0,
      });
    } else if (last && last !== terminals[0]) {
      problems.push({
        message: `${describeEvent(last)} comes after the terminal ${terminals[0]?.type}`,
        expected: 'the terminal event last before [DONE]',
        excerpt: last.raw,
      });
    }
    for (const [type, status, rule] of TERMINAL_STATUS) {
      const terminal = events.find((e) => e.type === type);
      const got = terminal && isRecord(terminal.body.response) ? terminal.body.response.status : undefined;
      if (terminal && got !== status)
        problems.push({
          message: `${type} carries a response with status ${JSON.stringify(got)}`,
          expected: `status "${status}" on the response of ${type}`,
          rule,
          excerpt: terminal.raw,
        });
    }
    const ids = new Set(events.flatMap((e) => (isRecord(e.body.response) ? [e.body.response.id] : [])));
    if (ids.size > 1) {
      problems.push({
        message: `the lifecycle events describe different responses: ${[...ids].map(String).join(', ')}`,
        expected: 'one response id throughout the stream',
      });
    }
    const errorAt = events.findIndex((e) => e.type === 'error');
    if (errorAt !== -1 && !events.slice(errorAt + 1).some((e) => e.type === 'response.failed')) {
      problems.push({
        message: 'an error event is not followed by response.failed',
        expected: 'response.failed after an error event',
        rule: '#/components/schemas/ResponseErrorEvent',
      });
    }
    return problems;
  },
};
