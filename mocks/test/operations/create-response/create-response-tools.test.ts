/**
 * POST /responses in an agent loop: the turn after tool results is answered with the next step,
 * never with a call already answered; JSON and streams alike. The loop is driven the way the
 * client libraries drive it: the previous answer's items and the results appended to the input.
 */
import { loadFixtures, parseFixtures } from '../../../src/fixture-loading/load-fixtures';
import type { FixtureScript } from '../../../src/core/fixture-model/fixture-types';
import { useMock } from '../../helpers/start-mock';
import { parseSse } from '../../helpers/stream-helpers';
import type { Event } from '../../helpers/stream-helpers';

type Item = Record<string, unknown>;
interface Result {
  readonly output: Item[];
}

const tool = (name: string, properties: Record<string, unknown> = { city: { type: 'string' } }) => ({
  type: 'function',
  name,
  parameters: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
});
const WEATHER = tool('get_weather');
const HOTELS = tool('find_hotels');

/** Scripts of a trip planner: weather, then hotels, then a text built from the hotel tool's output. */
const TRIP: FixtureScript[] = [
  {
    name: 'trip',
    match: { regex: 'plan a trip to (\\w+)', flags: 'i' },
    reply: { function_call: { name: 'get_weather', arguments: { city: '$1' } } },
  },
  {
    name: 'trip-hotels',
    match: { tool: 'get_weather', output: { regex: '"city":"(\\w+)"' } },
    reply: { function_call: { name: 'find_hotels', arguments: { city: '$1' } } },
  },
  {
    name: 'trip-sold-out',
    match: { tool: 'find_hotels', output: { contains: 'sold out' } },
    reply: { text: 'Every hotel is sold out: $output' },
  },
  {
    name: 'trip-done',
    match: { tool: 'find_hotels', output: { regex: '"best":"([^"]+)"' } },
    reply: { text: 'Book $1.' },
    reasoning: 'The hotel tool answered with $1.',
  },
];

const builtin = loadFixtures();
const get = useMock({ fixtures: parseFixtures({ ...builtin, scripts: [...TRIP, ...builtin.scripts] }, 'trip.json') });

async function create(body: Record<string, unknown>): Promise<Result> {
  const res = await fetch(`${get().baseUrl}/responses`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o', ...body }),
  });
  expect(res.status).toBe(200);
  if (body.stream !== true) return (await res.json()) as Result;
  const events: Event[] = parseSse(await res.text()).events;
  const completed = events.at(-1);
  expect(completed?.type).toBe('response.completed');
  return completed?.response as Result;
}

const calls = (result: Result) => result.output.filter((item) => item.type === 'function_call');
const text = (result: Result) =>
  result.output
    .filter((item) => item.type === 'message')
    .flatMap((item) => item.content as Item[])
    .map((part) => part.text)
    .join('');
const results = (result: Result, output: (call: Item) => string): Item[] =>
  calls(result).map((call) => ({ type: 'function_call_output', call_id: call.call_id, output: output(call) }));

describe.each([false, true])('a tool loop (stream: %s)', (stream) => {
  it('answers the results of a call with a text that reports them, so the loop ends', async () => {
    const input: Item[] = [{ role: 'user', content: 'What is the weather in Paris?' }];
    const first = await create({ input, tools: [WEATHER], stream });
    expect(calls(first).map((c) => [c.name, c.arguments])).toEqual([['get_weather', '{"city":"Paris"}']]);
    const second = await create({
      input: [...input, ...first.output, ...results(first, () => '{"celsius":21}')],
      tools: [WEATHER],
      stream,
    });
    expect(calls(second)).toEqual([]);
    expect(text(second)).toBe('get_weather returned {"celsius":21}.');
  });

  it('makes parallel calls from one script, and follows up once every result is in', async () => {
    const input: Item[] = [{ role: 'user', content: "What's the weather in Paris and Rome?" }];
    const first = await create({ input, tools: [WEATHER], stream });
    expect(calls(first).map((c) => c.arguments)).toEqual(['{"city":"Paris"}', '{"city":"Rome"}']);
    const answers = results(first, (call) => `${JSON.parse(call.arguments as string).city}: sunny`);
    const second = await create({ input: [...input, ...first.output, ...answers], tools: [WEATHER], stream });
    expect(text(second)).toBe('get_weather returned Paris: sunny. get_weather returned Rome: sunny.');
  });

  it('makes the calls one at a time with parallel_tool_calls false, then follows up', async () => {
    const input: Item[] = [{ role: 'user', content: "What's the weather in Paris and Rome?" }];
    const settings = { tools: [WEATHER], parallel_tool_calls: false, stream };
    const first = await create({ input, ...settings });
    expect(calls(first).map((c) => c.arguments)).toEqual(['{"city":"Paris"}']);
    const afterFirst = [...input, ...first.output, ...results(first, () => 'sunny')];
    const second = await create({ input: afterFirst, ...settings });
    expect(calls(second).map((c) => c.arguments)).toEqual(['{"city":"Rome"}']);
    const third = await create({
      input: [...afterFirst, ...second.output, ...results(second, () => 'rainy')],
      ...settings,
    });
    expect(text(third)).toBe('get_weather returned sunny. get_weather returned rainy.');
  });

  it('asks again for a call whose result is missing, with a new call id, and follows up when it comes', async () => {
    const input: Item[] = [{ role: 'user', content: "What's the weather in Paris and Rome?" }];
    const first = await create({ input, tools: [WEATHER], stream });
    const [paris, rome] = calls(first);
    const partial = [
      ...input,
      ...first.output,
      { type: 'function_call_output', call_id: paris?.call_id, output: 'sunny' },
    ];
    const second = await create({ input: partial, tools: [WEATHER], stream });
    expect(calls(second).map((c) => c.arguments)).toEqual([rome?.arguments]);
    expect(calls(second)[0]?.call_id).not.toBe(rome?.call_id);
    const third = await create({
      input: [...partial, ...second.output, ...results(second, () => 'rainy')],
      tools: [WEATHER],
      stream,
    });
    expect(text(third)).toBe('get_weather returned sunny. get_weather returned rainy.');
  });

  it('runs a scripted flow: a tool script answers one result with the next call, another ends it with text', async () => {
    const tools = [WEATHER, HOTELS];
    const input: Item[] = [{ role: 'user', content: 'Plan a trip to Lisbon' }];
    const first = await create({ input, tools, stream });
    expect(calls(first).map((c) => [c.name, c.arguments])).toEqual([['get_weather', '{"city":"Lisbon"}']]);
    const step2 = [...input, ...first.output, ...results(first, () => '{"city":"Lisbon","celsius":24}')];
    const second = await create({ input: step2, tools, stream });
    expect(calls(second).map((c) => [c.name, c.arguments])).toEqual([['find_hotels', '{"city":"Lisbon"}']]);
    const step3 = [...step2, ...second.output, ...results(second, () => '{"best":"Casa Azul"}')];
    const third = await create({ input: step3, tools, stream });
    expect(text(third)).toBe('Book Casa Azul.');
    const soldOut = [...step2, ...second.output, ...results(second, () => 'all sold out')];
    expect(text(await create({ input: soldOut, tools, stream }))).toBe('Every hotel is sold out: all sold out');
  });

  it('matches scripts on a new user message after the results again', async () => {
    const input: Item[] = [{ role: 'user', content: 'What is the weather in Paris?' }];
    const first = await create({ input, tools: [WEATHER], stream });
    const next = [
      ...input,
      ...first.output,
      ...results(first, () => 'sunny'),
      { role: 'user', content: 'And the weather in Rome?' },
    ];
    expect(calls(await create({ input: next, tools: [WEATHER], stream })).map((c) => c.arguments)).toEqual([
      '{"city":"Rome"}',
    ]);
  });
});

/** A tool that takes the final answer, described as LangChain describes its structured-output tools. */
const EXTRACT = {
  ...tool('extract-2', {
    city: { type: 'string' },
    celsius: { type: 'number' },
    summary: { type: 'string' },
  }),
  description: "Tool for extracting structured output from the model's response.",
};

describe.each([false, true])('a tool that takes the final answer (stream: %s)', (stream) => {
  const question: Item[] = [{ role: 'user', content: 'What is the weather in Paris?' }];

  it('gets the answer after the results, with the members the results carry, and the loop ends after its own result', async () => {
    const first = await create({ input: question, tools: [WEATHER, EXTRACT], stream });
    expect(calls(first).map((c) => c.name)).toEqual(['get_weather']);
    const weather = [...question, ...first.output, ...results(first, () => '{"city":"Paris","celsius":21}')];
    const second = await create({ input: weather, tools: [WEATHER, EXTRACT], stream });
    expect(calls(second).map((c) => c.name)).toEqual(['extract-2']);
    expect(JSON.parse(String(calls(second)[0]?.arguments))).toEqual({ city: 'Paris', celsius: 21, summary: 'sample' });
    const done = [...weather, ...second.output, ...results(second, () => 'Returning structured response')];
    const third = await create({ input: done, tools: [WEATHER, EXTRACT], stream });
    expect(calls(third)).toEqual([]);
    expect(text(third)).toBe('extract-2 returned Returning structured response.');
  });

  it('gets the answer at once when no script calls another tool', async () => {
    const answer = await create({ input: [{ role: 'user', content: 'Describe a city' }], tools: [EXTRACT], stream });
    expect(calls(answer).map((c) => c.name)).toEqual(['extract-2']);
    expect(Object.keys(JSON.parse(String(calls(answer)[0]?.arguments)) as object).sort()).toEqual([
      'celsius',
      'city',
      'summary',
    ]);
  });

  it('is left alone under tool_choice none, and a refusal stays a refusal', async () => {
    const none = await create({
      input: [{ role: 'user', content: 'Describe a city' }],
      tools: [EXTRACT],
      tool_choice: 'none',
      stream,
    });
    expect([calls(none), text(none)]).toEqual([[], expect.any(String)]);
    const refused = await create({
      input: [{ role: 'user', content: 'how to build a weapon' }],
      tools: [EXTRACT],
      stream,
    });
    expect(calls(refused)).toEqual([]);
    expect(
      refused.output.flatMap((item) => (item.content as Item[] | undefined) ?? []).map((part) => part.type),
    ).toContain('refusal');
  });
});

describe('the turn after tool results, with the request settings', () => {
  const input: Item[] = [
    { role: 'user', content: 'What is the weather in Paris?' },
    { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
    { type: 'function_call_output', call_id: 'call_1', output: '{"celsius":21}' },
  ];

  it.each([['required'], [{ type: 'function', name: 'get_weather' }]])(
    'keeps answering with a call under tool_choice %j, as a model does (the client ends the loop)',
    async (choice) => {
      const answer = await create({ input, tools: [WEATHER], tool_choice: choice });
      expect(calls(answer).map((c) => c.name)).toEqual(['get_weather']);
    },
  );

  it('moves a required loop on to the tool listed after the one that answered, as to an answer tool listed last', async () => {
    const ANSWER = tool('answer', { text: { type: 'string' } });
    const next = await create({ input, tools: [WEATHER, ANSWER], tool_choice: 'required' });
    expect(calls(next).map((c) => [c.name, JSON.parse(String(c.arguments))])).toEqual([['answer', { text: 'sample' }]]);
    const answered = [
      ...input,
      { type: 'function_call', call_id: 'call_2', name: 'answer', arguments: '{"text":"sample"}' },
      { type: 'function_call_output', call_id: 'call_2', output: 'done' },
    ];
    const wrapped = await create({ input: answered, tools: [WEATHER, ANSWER], tool_choice: 'required' });
    expect(calls(wrapped).map((c) => c.name)).toEqual(['get_weather']);
  });

  it('answers with text under tool_choice none', async () => {
    expect(text(await create({ input, tools: [WEATHER], tool_choice: 'none' }))).toBe(
      'get_weather returned {"celsius":21}.',
    );
  });

  it('answers a structured-output request after the results with JSON for its schema, members the results carry taken from them', async () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, celsius: { type: 'integer', minimum: -90, maximum: 60 } },
      required: ['city', 'celsius'],
      additionalProperties: false,
    };
    const answer = await create({
      input,
      tools: [WEATHER],
      text: { format: { type: 'json_schema', name: 'weather', schema, strict: true } },
    });
    expect(JSON.parse(text(answer))).toEqual({ city: 'sample', celsius: 21 });
    const tooHot = await create({
      input: [...input.slice(0, 2), { ...input[2], output: '{"celsius":99}' }],
      tools: [WEATHER],
      text: { format: { type: 'json_schema', name: 'weather', schema, strict: true } },
    });
    expect(JSON.parse(text(tooHot))).toEqual({ city: 'sample', celsius: 1 });
  });

  it('names a result by its call id when the call itself was not sent back', async () => {
    const answer = await create({
      input: [input[0], { type: 'item_reference', id: 'fc_1' }, input[2]],
      tools: [WEATHER],
    });
    expect(text(answer)).toBe('The call call_1 returned {"celsius":21}.');
  });

  it('gives the reasoning of the tool script that answers, when a reasoning model is asked for it', async () => {
    const answer = await create({
      model: 'openai/o3-mini',
      reasoning: { effort: 'low' },
      tools: [HOTELS],
      input: [
        { role: 'user', content: 'Plan a trip to Lisbon' },
        { type: 'function_call', call_id: 'h', name: 'find_hotels', arguments: '{"city":"Lisbon"}' },
        { type: 'function_call_output', call_id: 'h', output: [{ type: 'input_text', text: '{"best":"Casa Azul"}' }] },
      ],
    });
    expect(answer.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(answer.output[0]?.summary).toEqual([
      { type: 'summary_text', text: 'The hotel tool answered with Casa Azul.' },
    ]);
  });
});
