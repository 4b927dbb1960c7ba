import { loadContract } from '../../contract/contract';
import { readSse, streamOfEvents } from '../../sse/read-sse';
import { jsonEvents } from '../../stream/stream-events';
import { STREAM_RULES, rootProblems, streamProblems } from '../../stream/stream-oracle';
import { streamSpec } from '../../stream/stream-spec';

const contract = loadContract();
const spec = streamSpec(contract);

type Body = Record<string, unknown> & { type: string };

/** The JSON events of an SSE example of createResponse 200 text/event-stream. */
function example(name: string): Body[] {
  const response = contract.resolve<{ content: Record<string, { examples: Record<string, unknown> }> }>(
    contract.at('#/paths/~1responses/post/responses/200'),
  );
  const text = contract.resolve<{ value: string }>(response.content['text/event-stream']?.examples[name]).value;
  return jsonEvents(readSse(text)).map((e) => e.body as Body);
}

const checksOf = (events: readonly unknown[]) => streamProblems(streamOfEvents(events), spec).map((p) => p.check);

function edit(events: Body[], type: string, change: (body: Body) => Body): Body[] {
  return events.map((e) => (e.type === type ? change(structuredClone(e)) : e));
}

describe('the stream oracle', () => {
  it.each([['text'], ['functionCall']])('finds nothing wrong with the spec example %s', (name) => {
    expect(streamProblems(streamOfEvents(example(name)), spec)).toEqual([]);
  });

  it.each<[string, { spoil: (events: Body[]) => Body[]; check: string }]>([
    [
      'a final output item that differs from its output_item.done',
      {
        spoil: (events) =>
          edit(events, 'response.completed', (e) => {
            const response = e.response as { output: Array<Record<string, unknown>> };
            response.output[0] = { ...response.output[0], status: 'incomplete' };
            return e;
          }),
        check: 'stream-items-consistent',
      },
    ],
    [
      'a content_part.done whose text is not the joined deltas',
      {
        spoil: (events) =>
          edit(events, 'response.content_part.done', (e) => ({ ...e, part: { ...(e.part as object), text: 'other' } })),
        check: 'stream-deltas-join',
      },
    ],
    [
      'a function call done under another name',
      {
        spoil: (events) => edit(events, 'response.function_call_arguments.done', (e) => ({ ...e, name: 'other' })),
        check: 'stream-items-consistent',
      },
    ],
    [
      'a function call item whose arguments are not the joined deltas',
      {
        spoil: (events) =>
          edit(events, 'response.output_item.done', (e) => ({
            ...e,
            item: { ...(e.item as object), arguments: '{}' },
          })),
        check: 'stream-deltas-join',
      },
    ],
  ])('reports %s', (name, { spoil, check }) => {
    const target = example(name.includes('function call') ? 'functionCall' : 'text');
    expect(checksOf(target)).toEqual([]);
    expect(checksOf(spoil(target))).toContain(check);
  });

  it('lets a stream that fails leave what it opened open', () => {
    const events = example('text');
    const cut = events.slice(0, events.findIndex((e) => e.type === 'response.output_text.delta') + 1);
    const error = { code: 'server_error', message: 'gone' };
    const response = { ...(events[0]?.response as object), status: 'failed', output: [], error };
    const n = cut.length;
    const failed = [
      ...cut,
      { type: 'error', sequence_number: n, code: 'server_error', message: 'gone', param: null },
      { type: 'response.failed', sequence_number: n + 1, response },
    ];
    expect(checksOf(failed)).toEqual([]);
  });

  it("reports a failed stream's response without the error that ended it (ResponseFailedSnapshot)", () => {
    const events = example('text');
    const cut = events.slice(0, events.findIndex((e) => e.type === 'response.output_text.delta') + 1);
    const response = { ...(events[0]?.response as object), status: 'failed', output: [] };
    const n = cut.length;
    const failed = [
      ...cut,
      { type: 'error', sequence_number: n, code: 'server_error', message: 'gone', param: null },
      { type: 'response.failed', sequence_number: n + 1, response },
    ];
    expect(checksOf(failed)).toEqual(['stream-event-schema-valid']);
  });

  it('reports a terminal event whose response has another status than the event names', () => {
    const events = example('text').map((e) =>
      e.type === 'response.completed' ? { ...e, type: 'response.incomplete' } : e,
    );
    expect(checksOf(events)).toContain('stream-lifecycle-order');
  });

  describe('reads the stream framed with and without event lines', () => {
    /** The example's events as SSE: `data:` only, or each with an `event: <type>` line first; then `data: [DONE]`. */
    const framed = (events: readonly Body[], named: boolean) =>
      `${events.map((e) => `${named ? `event: ${e.type}\n` : ''}data: ${JSON.stringify(e)}\n\n`).join('')}data: [DONE]\n\n`;

    it.each([
      ['text', false],
      ['text', true],
      ['functionCall', false],
      ['functionCall', true],
    ])('finds nothing wrong with the spec example %s (event lines: %s)', (name, named) => {
      const stream = readSse(framed(example(name), named));
      expect(stream.malformed).toEqual([]);
      expect(stream.events.map((e) => e.event)).toEqual([
        ...example(name).map((e) => (named ? e.type : undefined)),
        undefined,
      ]);
      expect(streamProblems(stream, spec)).toEqual([]);
    });

    it('still finds a broken stream when its events carry event lines', () => {
      const events = edit(example('text'), 'response.content_part.done', (e) => ({
        ...e,
        part: { ...(e.part as object), text: 'other' },
      }));
      expect(streamProblems(readSse(framed(events, true)), spec).map((p) => p.check)).toEqual(['stream-deltas-join']);
    });
  });

  it('names the lost sentinel of a stream whose data: [DONE] has no blank line after it', () => {
    const text = example('text')
      .map((e) => `data: ${JSON.stringify(e)}\n\n`)
      .join('');
    const problems = streamProblems(readSse(`${text}data: [DONE]`), spec);
    expect(problems.map((p) => [p.check, p.message])).toEqual([
      [
        'stream-done-last',
        "the stream's last event `data: [DONE]` has no blank line after it, so SSE clients discard it",
      ],
    ]);
  });
});

describe('root problems and their knock-on effects', () => {
  const text = example('text');
  const framed = (events: readonly unknown[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
  const roots = (problems: ReturnType<typeof streamProblems>) => rootProblems(problems).map((p) => p.check);

  it('lists only rules that come earlier as what a rule depends on', () => {
    STREAM_RULES.forEach((rule, index) => {
      const earlier = STREAM_RULES.slice(0, index).map((r) => r.name);
      for (const name of rule.dependsOn ?? []) expect(earlier).toContain(name);
    });
  });

  it('reports a stream the reader gave up on through the reader, with what never came as knock-on effects', () => {
    const half = text.slice(0, text.findIndex((e) => e.type === 'response.output_text.delta') + 1);
    const problems = streamProblems(readSse(framed(half)), spec, { cutShort: 'stream-completes-in-time' });
    expect(problems.length).toBeGreaterThan(2);
    expect(roots(problems)).toEqual([]);
    expect(new Set(problems.map((p) => p.knockOnOf))).toEqual(new Set(['stream-completes-in-time']));
  });

  it.each([[false], [true]])(
    'reports a stream that stalls before its first event through the reader alone (debug chunk asked: %s)',
    (debug) => {
      const problems = streamProblems(readSse(': keep-alive\n\n'), spec, {
        debug,
        cutShort: 'stream-completes-in-time',
      });
      expect(problems.length).toBeGreaterThan(0);
      expect(roots(problems)).toEqual([]);
    },
  );

  it('finds an event: line that names another type than its data, and takes a matching one, message or none', () => {
    const named = (name: (type: string) => string) =>
      text.map((e) => `event: ${name(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join('') + 'data: [DONE]\n\n';
    expect(streamProblems(readSse(named((type) => type)), spec)).toEqual([]);
    expect(streamProblems(readSse(named(() => 'message')), spec)).toEqual([]);
    const wrong = streamProblems(
      readSse(named((type) => (type === 'response.output_text.delta' ? 'response.completed' : type))),
      spec,
    );
    expect(roots(wrong)).toEqual(expect.arrayContaining(['stream-framing']));
    expect(wrong.find((p) => p.check === 'stream-framing')?.message).toBe(
      'an event line names "response.completed" but its data is a response.output_text.delta event',
    );
  });

  it('names a stream that just ends, without a terminal event or [DONE], once', () => {
    const half = text.slice(0, text.findIndex((e) => e.type === 'response.output_text.delta') + 1);
    expect(roots(streamProblems(readSse(framed(half)), spec))).toEqual(['stream-done-last']);
  });

  it('names a lost last event (no blank line after it) as the root, not the missing [DONE] it hides', () => {
    const body = framed(text.slice(0, -1)) + `data: ${JSON.stringify(text.at(-1))}`;
    const problems = streamProblems(readSse(body), spec);
    expect(roots(problems)).toEqual(['stream-framing']);
    expect(problems.filter((p) => p.knockOnOf === 'stream-framing').map((p) => p.check)).toEqual(
      expect.arrayContaining(['stream-done-last', 'stream-lifecycle-order']),
    );
  });

  it('reports a missing debug chunk once, as stream-debug-chunk-first, not also response.created one place too early', () => {
    const problems = streamProblems(streamOfEvents(text), spec, { debug: true });
    expect(problems.map((p) => `${p.check}: ${p.message}`)).toEqual([
      'stream-debug-chunk-first: the stream starts with response.created, not the debug chunk that debug.echo_upstream_body: true asks for',
    ]);
  });

  it('reports deltas sent out of order by their sequence numbers; the text they join to is a knock-on', () => {
    const at = text.findIndex((e) => e.type === 'response.output_text.delta');
    const swapped = [...text];
    [swapped[at], swapped[at + 1]] = [swapped[at + 1] as Body, swapped[at] as Body];
    const problems = streamProblems(streamOfEvents(swapped), spec);
    expect(new Set(roots(problems))).toEqual(new Set(['stream-sequence-rising']));
    expect(problems.find((p) => p.check === 'stream-deltas-join')?.knockOnOf).toBe('stream-sequence-rising');
  });
});
