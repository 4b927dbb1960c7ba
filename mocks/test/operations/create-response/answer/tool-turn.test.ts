/**
 * Reading the turn after a function call, in the shapes the client libraries send it (observed
 * request bodies of the AI SDK, LangChain, the openai SDK and OpenRouter's SDK).
 */
import { readInputText } from '../../../../src/operations/create-response/answer/input-text';
import type { ResponseRequest } from '../../../../src/operations/create-response/answer/response-types';

const user = (text: string) => ({ role: 'user', content: [{ type: 'input_text', text }] });
const ask = user('What is the weather in Paris?');
const turnOf = (input: unknown[]) => readInputText({ input } as ResponseRequest).toolTurn;

describe('the tool turn of a request (the input after the last user message)', () => {
  it.each<[string, unknown[]]>([
    [
      'the AI SDK: a call without id or status, a string output',
      [
        ask,
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: '{"celsius":21}' },
      ],
    ],
    [
      'the AI SDK with a reasoning model: an item_reference before the call, and content parts as output',
      [
        ask,
        { type: 'item_reference', id: 'rs_1' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: [{ type: 'input_text', text: '{"celsius":21}' }] },
      ],
    ],
    [
      'LangChain: an empty assistant message, the call echoed with id and status, a reasoning item',
      [
        { type: 'message', role: 'system', content: 'Be brief.' },
        { type: 'message', role: 'user', content: 'What is the weather in Paris?' },
        { type: 'reasoning', id: 'rs_1', summary: [], status: 'completed' },
        { type: 'message', role: 'assistant', content: '' },
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_1',
          name: 'get_weather',
          arguments: '{"city":"Paris"}',
          status: 'completed',
        },
        { type: 'function_call_output', call_id: 'call_1', output: '{"celsius":21}' },
      ],
    ],
    [
      "OpenRouter's SDK: an output with an id of its own",
      [
        ask,
        {
          arguments: '{"city":"Paris"}',
          call_id: 'call_1',
          id: 'fc_1',
          name: 'get_weather',
          status: 'completed',
          type: 'function_call',
        },
        { call_id: 'call_1', id: 'output_call_1', output: '{"celsius":21}', type: 'function_call_output' },
      ],
    ],
  ])('reads %s', (_name, input) => {
    expect(turnOf(input)).toEqual({
      rounds: [
        {
          calls: [{ callId: 'call_1', name: 'get_weather' }],
          results: [{ callId: 'call_1', name: 'get_weather', output: '{"celsius":21}' }],
        },
      ],
    });
  });

  it('groups parallel calls with their results, and rounds one after another', () => {
    const call = (id: string, city: string) => ({
      type: 'function_call',
      call_id: id,
      name: 'get_weather',
      arguments: JSON.stringify({ city }),
    });
    const result = (id: string) => ({ type: 'function_call_output', call_id: id, output: `${id} done` });
    const turn = turnOf([
      ask,
      call('a', 'Paris'),
      call('b', 'Rome'),
      result('a'),
      result('b'),
      call('c', 'Oslo'),
      result('c'),
    ]);
    expect(turn?.rounds.map((r) => [r.calls.map((c) => c.callId), r.results.map((x) => x.output)])).toEqual([
      [
        ['a', 'b'],
        ['a done', 'b done'],
      ],
      [['c'], ['c done']],
    ]);
  });

  it('leaves the tool name unknown when only an item_reference stands for the call', () => {
    const turn = turnOf([
      ask,
      { type: 'item_reference', id: 'fc_1' },
      { type: 'function_call_output', call_id: 'call_9', output: 'ok' },
    ]);
    expect(turn?.rounds[0]?.results).toEqual([{ callId: 'call_9', name: undefined, output: 'ok' }]);
  });

  it.each<[string, unknown[]]>([
    ['a string input', []],
    [
      'a call without a result yet',
      [ask, { type: 'function_call', call_id: 'c', name: 'get_weather', arguments: '{}' }],
    ],
    [
      'a new user message after the results',
      [
        ask,
        { type: 'function_call', call_id: 'c', name: 'get_weather', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c', output: 'sunny' },
        user('And in Rome?'),
      ],
    ],
  ])('is absent for %s', (_name, input) => {
    expect(input.length === 0 ? readInputText({ input: 'hi' }).toolTurn : turnOf(input)).toBeUndefined();
  });

  it('still matches scripts on the last user message, and counts the results as input text', () => {
    const text = readInputText({
      input: [ask, { type: 'function_call_output', call_id: 'c', output: 'sunny' }],
    } as ResponseRequest);
    expect(text.matchText).toBe('What is the weather in Paris?');
    expect(text.allText).toContain('sunny');
  });
});
