import type { StreamRule } from '../stream-rule';

/**
 * With `debug.echo_upstream_body: true` (DebugOptions), the stream opens with the debug chunk
 * (ResponseDebugEvent), before `response.created`. A rule of its own, named for what it expects:
 * a gateway that ignores `debug` breaks this, not the order of the response's lifecycle.
 */
export const debugChunkFirst: StreamRule = {
  name: 'stream-debug-chunk-first',
  rule: '#/components/schemas/DebugOptions',
  dependsOn: ['stream-framing'],
  problems({ events, debug }) {
    // The debug chunk's event name is not shown (ResponseDebugEvent is x-not-shown): any event before response.created is it.
    if (!debug || (events[0] !== undefined && events[0].type !== 'response.created')) return [];
    return [
      {
        message: `the stream starts with ${events[0]?.type ?? 'nothing'}, not the debug chunk that debug.echo_upstream_body: true asks for`,
        expected: 'the debug chunk (ResponseDebugEvent) first in the stream, before response.created',
        // A stream with no event at all: what it never sent is its cut's (a stall before the first event).
        unfinished: events[0] === undefined,
      },
    ];
  },
};
