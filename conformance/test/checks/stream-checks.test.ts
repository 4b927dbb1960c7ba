import { loadContract } from '../../../kit/contract/contract';
import { GENERIC_CHECKS } from '../../checks/generic-checks';
import { createCheckContext } from '../../engine/check-context';
import type { Check } from '../../engine/types';
import { normalise } from '../../engine/failure-cause';
import { streamCompletesInTime } from '../../checks/stream-completes-in-time';
import { cannedExchange, findingsOf } from '../support/canned';

const ctx = createCheckContext(loadContract());
const op = ctx.operations.get('createResponse');
if (!op) throw new Error('createResponse missing from the spec');
const STREAM_CHECKS = GENERIC_CHECKS.filter((c) => c.name.startsWith('stream-'));

/** The spec's own example stream: the reference every distortion below departs from. */
const EXAMPLE = op.responses.get('200')?.examples.get('text/event-stream')?.get('text');
if (typeof EXAMPLE !== 'string') throw new Error('the spec has no text/event-stream example named "text"');
const example: string = EXAMPLE;

type Event = Record<string, unknown>;
const frames = (): string[] => example.split('\n\n').filter((f) => f.trim() !== '');
const parse = (frame: string): Event => JSON.parse(frame.slice('data: '.length)) as Event;
const join = (list: string[]) => `${list.join('\n\n')}\n\n`;
/** Applies `edit` to the JSON events (null drops one), leaving comments and [DONE] alone. */
const editEvents = (edit: (e: Event, i: number) => Event | null) =>
  join(
    frames().flatMap((f, i) =>
      f.startsWith('data: {')
        ? [edit(parse(f), i)].filter((e): e is Event => e !== null).map((e) => `data: ${JSON.stringify(e)}`)
        : [f],
    ),
  );
const renumber = (text: string) => {
  let n = 0;
  return text.replace(/"sequence_number":\d+/g, () => `"sequence_number":${n++}`);
};

function run(body: string, request: Record<string, unknown> = { stream: true }) {
  const exchange = cannedExchange(op as NonNullable<typeof op>, {
    status: 200,
    contentType: 'text/event-stream',
    body,
    sse: true,
    request: { body: request },
  });
  return Object.fromEntries(STREAM_CHECKS.map((c: Check) => [c.name, findingsOf(c, exchange, ctx)]));
}

describe('stream-completes-in-time', () => {
  /** The example stream cut `at` characters in, the reader having given up waiting for more. */
  function stalledAt(at: number) {
    const exchange = cannedExchange(op as NonNullable<typeof op>, {
      status: 200,
      contentType: 'text/event-stream',
      body: example.slice(0, at),
      sse: true,
      request: { body: { stream: true } },
    });
    const stream = exchange.stream;
    if (!stream) throw new Error('no stream');
    return { ...exchange, stream: { ...stream, stalled: { afterMs: 10, afterEvents: stream.events.length } } };
  }

  it('gives one cause to streams that hang inside different events, and shows the partial event as the excerpt', () => {
    const afterComment = example.indexOf(': keep-alive');
    const starts = [...example.matchAll(/^data: \{/gm)].map((m) => m.index ?? 0).filter((i) => i > afterComment);
    const [a, b] = [starts[0] ?? 0, starts[2] ?? 0].map((start) => stalledAt(start + 40));
    const findings = [a, b].map((exchange) => streamCompletesInTime.verify(exchange as never, ctx));
    expect(findings.map((f) => f.length)).toEqual([1, 1]);
    const [first, second] = findings.map((f) => f[0]);
    expect(first?.message).toMatch(/its last event was cut off before the blank line that ends it$/);
    expect(normalise(first?.message ?? '')).toBe(normalise(second?.message ?? ''));
    expect(first?.excerpt).toMatch(/^\{"type":/);
  });
});

describe('stream checks on canned streams', () => {
  it("pass on the spec's own example stream, comments included", () => {
    expect(example).toContain(': keep-alive');
    for (const [name, findings] of Object.entries(run(example))) expect([name, findings]).toEqual([name, []]);
  });

  const cases: Array<[string, { body: () => string; failing: string; request?: Record<string, unknown> }]> = [
    [
      'reports a line that is not SSE',
      { body: () => example.replace(': keep-alive', 'not an sse line'), failing: 'stream-framing' },
    ],
    [
      'reports data that is not JSON',
      { body: () => example.replace('data: [DONE]', 'data: {broken\n\ndata: [DONE]'), failing: 'stream-framing' },
    ],
    [
      'reports an event that breaks its own schema',
      {
        body: () => editEvents((e) => (e.type === 'response.output_text.delta' ? { ...e, delta: 5 } : e)),
        failing: 'stream-event-schema-valid',
      },
    ],
    [
      'reports a repeated sequence_number',
      {
        body: () => editEvents((e) => (e.sequence_number === 5 ? { ...e, sequence_number: 4 } : e)),
        failing: 'stream-sequence-rising',
      },
    ],
    [
      'reports a gap in sequence_number',
      {
        body: () =>
          editEvents((e) =>
            Number(e.sequence_number) >= 5 ? { ...e, sequence_number: Number(e.sequence_number) + 1 } : e,
          ),
        failing: 'stream-sequence-rising',
      },
    ],
    [
      'reports a stream that does not start with response.created',
      {
        body: () => renumber(editEvents((e) => (e.type === 'response.created' ? null : e))),
        failing: 'stream-lifecycle-order',
      },
    ],
    [
      'reports a missing terminal event',
      {
        body: () => renumber(editEvents((e) => (e.type === 'response.completed' ? null : e))),
        failing: 'stream-lifecycle-order',
      },
    ],
    [
      'reports a missing debug chunk when one was asked for',
      {
        body: () => example,
        failing: 'stream-debug-chunk-first',
        request: { stream: true, debug: { echo_upstream_body: true } },
      },
    ],
    [
      'reports an output item that is never done',
      {
        body: () => renumber(editEvents((e) => (e.type === 'response.output_item.done' ? null : e))),
        failing: 'stream-pairs-matched',
      },
    ],
    [
      'reports an item id that changes mid-item',
      {
        body: () =>
          editEvents((e) => (e.type === 'response.output_text.done' ? { ...e, item_id: 'msg_elsewhere' } : e)),
        failing: 'stream-items-consistent',
      },
    ],
    [
      'reports deltas that do not join to the done text',
      {
        body: () =>
          editEvents((e) =>
            e.type === 'response.output_text.delta' && e.delta === 'Hello' ? { ...e, delta: 'Hullo' } : e,
          ),
        failing: 'stream-deltas-join',
      },
    ],
    [
      'reports a final response whose text differs from the stream',
      {
        // The final output no longer equals the item as output_item.done gave it: that is the root.
        body: () => example.replace(/("type":"response.completed".*?"text":)"Hello there!"/, '$1"Goodbye"'),
        failing: 'stream-items-consistent',
      },
    ],
    ['reports a missing [DONE]', { body: () => example.replace('data: [DONE]', ''), failing: 'stream-done-last' }],
    [
      'reports events after [DONE]',
      { body: () => `${example}data: {"type":"late","sequence_number":99}\n\n`, failing: 'stream-done-last' },
    ],
  ];
  it.each(cases)('%s', (_name, { body, failing, request }) => {
    const results = run(body(), request);
    expect(results[failing]).not.toEqual([]);
  });

  it('accepts event types the contract does not name', () => {
    const extra = example.replace('data: [DONE]', '').trimEnd();
    const withUnknown = renumber(
      extra.replace(
        /(data: \{"type":"response.completed")/,
        'data: {"type":"response.web_search_call.in_progress","sequence_number":0,"item_id":"ws_1","output_index":0}\n\n$1',
      ),
    );
    const results = run(`${withUnknown}\n\ndata: [DONE]\n\n`);
    expect(results['stream-event-schema-valid']).toEqual([]);
    expect(results['stream-framing']).toEqual([]);
  });
});

describe('stream-content-type', () => {
  const check = GENERIC_CHECKS.find((c) => c.name === 'stream-content-type') as Check;
  /** An event stream answering a body the suite sent as is, its answer not read as a stream. */
  const answered = (body: Record<string, unknown>) =>
    findingsOf(
      check,
      cannedExchange(op as NonNullable<typeof op>, {
        status: 200,
        contentType: 'text/event-stream',
        body: example,
        sse: false,
        request: { body, stream: undefined },
      }),
      ctx,
    );

  it('takes a body that sent "stream": true for a stream request, however the suite read the answer', () => {
    expect(answered({ model: 'openai/gpt-4o', input: 'hi', stream: true })).toEqual([]);
  });

  it('says "without stream: true" only of a body that did not send it', () => {
    expect(answered({ model: 'openai/gpt-4o', input: 'hi', stream: false })).toEqual([
      'a 200 answer to a request without stream: true came as text/event-stream',
    ]);
  });
});
