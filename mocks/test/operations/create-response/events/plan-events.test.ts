import { loadContract } from '../../../../../kit/contract/contract';
import type { Answer, AnswerBody } from '../../../../src/operations/create-response/answer/build-answer';
import { buildResult } from '../../../../src/operations/create-response/answer/build-result';
import { responseIds } from '../../../../src/operations/create-response/answer/ids';
import { readInputText } from '../../../../src/operations/create-response/answer/input-text';
import type { ResponseRequest, ResponseResult } from '../../../../src/operations/create-response/answer/response-types';
import { failureEvents, streamEvents } from '../../../../src/operations/create-response/events/plan-events';
import type { StreamFailure } from '../../../../src/exchange/stream/stream-failures';
import type { Event } from '../../../helpers/stream-helpers';
import { contractStreamProblems, mockStreamPromises } from '../../../helpers/stream-helpers';
import { SPEC_FACTS } from '../../../helpers/spec-facts';
import { EXACT_TOKENS } from '../../../helpers/token-counters';

const contract = loadContract();
const validateEvent = contract.validator('#/components/schemas/ResponseStreamEvent');

function result(body: AnswerBody, options: { reasoning?: string; request?: ResponseRequest } = {}): ResponseResult {
  const request = options.request ?? { model: 'openai/gpt-4o', input: 'hi' };
  const answer: Answer = { body, reasoning: options.reasoning, script: null };
  return buildResult({
    body: request,
    answer,
    createdAt: 1_700_000_000,
    completedAt: 1_700_000_000,
    ids: responseIds({ nextResponseNumber: () => 0 }, 1_700_000_000),
    model: 'openai/gpt-4o',
    input: readInputText(request),
    defaults: SPEC_FACTS.defaults.request,
    tokens: EXACT_TOKENS,
  });
}

function events(res: ResponseResult, debug?: Readonly<Record<string, unknown>>): Event[] {
  return [...streamEvents(res, () => ({ ...res, completed_at: 1_700_000_001 }), EXACT_TOKENS, debug)].map(
    (p) => p.event as Event,
  );
}

/** Types of the events that do not match the contract's ResponseStreamEvent schema. */
function invalidEvents(list: readonly Event[]): string[] {
  return list
    .filter((e) => {
      const valid: boolean = validateEvent(e);
      return !valid;
    })
    .map((e) => e.type);
}

const TEXT: AnswerBody = { kind: 'text', text: 'Hello there, 👋🏽 wörld!' };

describe('stream events', () => {
  it.each<[string, ResponseResult]>([
    ['a text answer', result(TEXT)],
    ['a reasoning item and a text answer', result(TEXT, { reasoning: 'Think first, then answer.' })],
    [
      'a function call',
      result({ kind: 'function_calls', calls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] }),
    ],
    [
      'parallel function calls',
      result({
        kind: 'function_calls',
        calls: [
          { name: 'get_weather', arguments: '{"city":"Paris"}' },
          { name: 'get_weather', arguments: '{"city":"Rome"}' },
        ],
      }),
    ],
    ['a refusal', result({ kind: 'refusal', refusal: "I can't help with that." })],
    ['an answer cut by max_output_tokens', result(TEXT, { request: { input: 'hi', max_output_tokens: 3 } })],
  ])('follows the event-order rules for %s', (_name, res) => {
    const list = events(res);
    expect(contractStreamProblems(list)).toEqual([]);
    expect(invalidEvents(list)).toEqual([]);
  });

  it('starts with response.created and ends with response.completed carrying the final response', () => {
    const res = result(TEXT);
    const list = events(res);
    expect(list[0]?.type).toBe('response.created');
    expect(list.at(-1)).toMatchObject({
      type: 'response.completed',
      response: { id: res.id, status: 'completed', completed_at: 1_700_000_001 },
    });
  });

  it('sends output text deltas that join to the final text', () => {
    const list = events(result(TEXT));
    const deltas = list.filter((e) => e.type === 'response.output_text.delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((e) => e.delta).join('')).toBe('Hello there, 👋🏽 wörld!');
    expect(deltas.every((e) => Array.isArray(e.logprobs) && e.content_index === 0)).toBe(true);
  });

  it('puts the reasoning item first, at output_index 0, and the message at 1', () => {
    const list = events(result(TEXT, { reasoning: 'Think first.' }));
    const added = list.filter((e) => e.type === 'response.output_item.added');
    expect(added.map((e) => [e.output_index, (e.item as { type: string }).type])).toEqual([
      [0, 'reasoning'],
      [1, 'message'],
    ]);
  });

  it('ends an answer cut by max_output_tokens with response.incomplete and the reason', () => {
    const list = events(result(TEXT, { request: { input: 'hi', max_output_tokens: 3 } }));
    expect(list.at(-1)).toMatchObject({
      type: 'response.incomplete',
      response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } },
    });
  });

  it('sends the debug chunk first, numbered 0, when one is given', () => {
    const list = events(result(TEXT), { echo_upstream_body: { model: 'openai/gpt-4o' } });
    expect(list[0]).toEqual({
      type: 'response.debug',
      sequence_number: 0,
      debug: { echo_upstream_body: { model: 'openai/gpt-4o' } },
    });
    expect(list[1]?.type).toBe('response.created');
    expect(contractStreamProblems(list, { debug: true })).toEqual([]);
  });

  it('marks only the deltas as token events, the ones pacing spaces out', () => {
    const planned = [...streamEvents(result(TEXT), () => result(TEXT), EXACT_TOKENS)];
    expect(planned.filter((p) => p.token).every((p) => p.event.type.endsWith('.delta'))).toBe(true);
    expect(planned.filter((p) => p.event.type.endsWith('.delta')).every((p) => p.token)).toBe(true);
  });

  it('computes nothing more once the consumer stops reading', () => {
    const res = result(TEXT);
    const finish = jest.fn(() => res);
    const generator = streamEvents(res, finish, EXACT_TOKENS);
    generator.next();
    generator.next();
    generator.return(undefined);
    expect(finish).not.toHaveBeenCalled();
  });

  it('ends with failureEvents after the given number of token deltas, counted over reasoning and text, without computing the end', () => {
    const res = result(TEXT, { reasoning: 'Think it through step by step.' });
    const all = events(res);
    const reasoningDeltas = all.filter((e) => e.type === 'response.reasoning_summary_text.delta').length;
    const finish = jest.fn(() => res);
    const failure = { code: 'server_error', message: 'gone', errorType: 'provider_unavailable' };
    const failed = cutAfter(res, finish, reasoningDeltas + 2, failure);
    expect(finish).not.toHaveBeenCalled();
    expect(invalidEvents(failed)).toEqual([]);
    expect(contractStreamProblems(failed)).toEqual([]);
    expect(failed.filter((e) => e.type === 'response.reasoning_summary_text.delta')).toHaveLength(reasoningDeltas);
    expect(failed.filter((e) => e.type === 'response.output_text.delta')).toHaveLength(2);
    expect(failed.slice(-2)).toEqual([
      {
        type: 'error',
        sequence_number: failed.length - 2,
        code: 'server_error',
        message: 'gone',
        param: null,
        error: { type: 'server_error', code: 'server_error', message: 'gone', param: null },
      },
      {
        type: 'response.failed',
        sequence_number: failed.length - 1,
        response: expect.objectContaining({
          id: res.id,
          status: 'failed',
          error: { code: 'server_error', message: 'gone' },
          error_type: 'provider_unavailable',
          output: [],
        }),
      },
    ]);
  });

  it('has a schema check that rejects a delta without logprobs', () => {
    expect(
      invalidEvents([
        {
          type: 'response.output_text.delta',
          sequence_number: 0,
          item_id: 'm',
          output_index: 0,
          content_index: 0,
          delta: 'x',
        },
      ]),
    ).toEqual(['response.output_text.delta']);
  });

  describe('the mock promises, beyond the contract, the order the public gateway uses', () => {
    const failed = (): Event[] => {
      const res = result(TEXT, { reasoning: 'Think it through.' });
      const failure = { code: 'server_error', message: 'gone', errorType: 'provider_unavailable' };
      return cutAfter(res, () => res, 3, failure);
    };
    it.each<[string, () => Event[], { debug?: boolean }]>([
      ['a text answer', () => events(result(TEXT)), {}],
      ['a reasoning item and a text answer', () => events(result(TEXT, { reasoning: 'Think first.' })), {}],
      [
        'a function call',
        () =>
          events(result({ kind: 'function_calls', calls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] })),
        {},
      ],
      ['a refusal', () => events(result({ kind: 'refusal', refusal: "I can't help with that." })), {}],
      [
        'a debug chunk first',
        () => events(result(TEXT), { echo_upstream_body: { model: 'openai/gpt-4o' } }),
        { debug: true },
      ],
      ['a stream that fails after a few tokens', failed, {}],
    ])('for %s', (_name, list, options) => {
      expect(mockStreamPromises(list(), options)).toEqual([]);
    });

    it.each<[string, { spoil: (list: Event[]) => Event[]; want: string }]>([
      [
        'response.in_progress missing',
        { spoil: (l) => l.filter((e) => e.type !== 'response.in_progress'), want: 'expected response.in_progress' },
      ],
      [
        'a part done before its text',
        {
          spoil: (l) => {
            const at = l.findIndex((e) => e.type === 'response.output_text.done');
            const copy = [...l];
            [copy[at], copy[at + 1]] = [copy[at + 1] as Event, copy[at] as Event];
            return copy;
          },
          want: 'part done before its text done',
        },
      ],
      [
        'a later item opened before the earlier one is done',
        {
          spoil: (l) => l.filter((e) => e !== l.find((x) => x.type === 'response.output_item.done')),
          want: 'an earlier item is still open',
        },
      ],
    ])('and the check of those promises reports %s', (_name, { spoil, want }) => {
      const good = events(result(TEXT, { reasoning: 'Think.' }));
      expect(mockStreamPromises(good)).toEqual([]);
      const spoiled = spoil(good).map((e, i) => ({ ...e, sequence_number: i }));
      expect(mockStreamPromises(spoiled)).toEqual([expect.stringContaining(want)]);
    });
  });

  describe("the contract's stream rules (kit/stream) on the mock's events", () => {
    const good = (): Event[] => events(result(TEXT, { reasoning: 'Think.' }));
    it.each<[string, (list: Event[]) => Event[]]>([
      ['a gap in sequence numbers', (l) => l.map((e, i) => (i === 4 ? { ...e, sequence_number: 40 } : e))],
      ['a missing response.created', (l) => l.slice(1).map((e, i) => ({ ...e, sequence_number: i }))],
      [
        'a delta that does not join to the done text',
        (l) =>
          l.map((e) =>
            e.type === 'response.output_text.delta' &&
            e.sequence_number === l.findIndex((x) => x.type === 'response.output_text.delta')
              ? { ...e, delta: 'X' }
              : e,
          ),
      ],
      [
        'an item added at the wrong index',
        (l) =>
          l.map((e) =>
            e.type === 'response.output_item.added' && e.output_index === 1 ? { ...e, output_index: 0 } : e,
          ),
      ],
      ['no terminal event', (l) => l.slice(0, -1)],
    ])('reports %s', (_name, spoil) => {
      expect(contractStreamProblems(good())).toEqual([]);
      expect(contractStreamProblems(spoil(good())).length).toBeGreaterThan(0);
    });
  });
});

/**
 * The events of a stream the pacer cuts after `tokens` deltas (paced-stream.ts, `EventStream.cut`
 * with `end: error`): the planned events up to the next delta, then the tail of `failureEvents`.
 */
function cutAfter(res: ResponseResult, finish: () => ResponseResult, tokens: number, failure: StreamFailure): Event[] {
  const out: Event[] = [];
  let deltas = 0;
  for (const { event, token } of streamEvents(res, finish, EXACT_TOKENS)) {
    if (token && deltas === tokens)
      return [...out, ...failureEvents(res, event.sequence_number, failure).map((p) => p.event as Event)];
    if (token) deltas++;
    out.push(event as Event);
  }
  return out;
}
