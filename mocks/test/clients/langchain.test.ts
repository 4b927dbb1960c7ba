/**
 * LangChain (`@langchain/openai` `ChatOpenAI` with `useResponsesApi: true`) against the mock over a
 * real socket: invoke and stream, tool round trips with ToolMessage, an agent loop written by hand,
 * `createAgent` from `langchain` (tools and a `responseFormat`), structured output, reasoning, cuts,
 * failures, aborts and errors.
 * LangChain retries failed requests 6 times by default: every model here sets maxRetries 0.
 */
import { ChatOpenAI } from '@langchain/openai';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import OpenAI from 'openai';
import { z } from 'zod';
import { recordingFetch } from '../helpers/recording-fetch';
import type { RecordingFetch } from '../helpers/recording-fetch';
import { useMock } from '../helpers/start-mock';
import { expectAbortedMidAnswer, nextAnswerDone } from './browser/mock-signals';

const get = useMock();

let recorder: RecordingFetch;
beforeEach(() => {
  recorder = recordingFetch();
});

type ModelFields = ConstructorParameters<typeof ChatOpenAI>[0];

function chat(fields: ModelFields = {}, headers: Record<string, string> = {}): ChatOpenAI {
  return new ChatOpenAI({
    model: 'openai/gpt-4o',
    apiKey: 'sk-mock-user',
    useResponsesApi: true,
    maxRetries: 0,
    ...fields,
    configuration: { baseURL: get().baseUrl, fetch: recorder.fetch, defaultHeaders: headers },
  });
}

const getWeather = tool(async ({ city }: { city: string }) => JSON.stringify({ city, celsius: 21 }), {
  name: 'get_weather',
  description: 'The current weather in a city',
  schema: z.object({ city: z.string() }),
});

const STORY = 'tell me a long story';

describe('LangChain ChatOpenAI (Responses API) against the mock', () => {
  it('invokes for a text answer', async () => {
    const answer = await chat().invoke('hello');
    expect(answer.text).toBe('Hello! How can I help you today?');
    expect(answer.usage_metadata?.output_tokens).toBeGreaterThan(0);
    expect(recorder.responses()).toHaveLength(1);
  });

  it('streams chunks that join to the answer', async () => {
    const chunks: string[] = [];
    for await (const chunk of await chat().stream(STORY)) chunks.push(chunk.text);
    const text = chunks.join('');
    expect(text.startsWith('Once upon a time')).toBe(true);
    expect(text).toBe((await chat().invoke(STORY)).text);
  });

  it('answers a ToolMessage round trip with text', async () => {
    const model = chat().bindTools([getWeather]);
    const question = new HumanMessage('What is the weather in Paris?');
    const call = await model.invoke([question]);
    expect(call.tool_calls?.map((c) => [c.name, c.args])).toEqual([['get_weather', { city: 'Paris' }]]);
    const [first] = call.tool_calls ?? [];
    const result = new ToolMessage({
      content: await getWeather.invoke(first?.args as { city: string }),
      tool_call_id: first?.id ?? '',
    });
    const answer = await model.invoke([question, call, result]);
    expect(answer.tool_calls).toEqual([]);
    expect(answer.text).toBe('get_weather returned {"city":"Paris","celsius":21}.');
    expect(recorder.responses()).toHaveLength(2);
  });

  it('answers tool messages for calls built by hand, text and content-part results alike', async () => {
    const answer = await chat()
      .bindTools([getWeather])
      .invoke([
        new HumanMessage('Compare Paris and Rome'),
        new AIMessage({
          content: '',
          tool_calls: [
            { id: 'call_A', name: 'get_weather', args: { city: 'Paris' } },
            { id: 'call_B', name: 'get_weather', args: { city: 'Rome' } },
          ],
        }),
        new ToolMessage({ content: '21 C', tool_call_id: 'call_A' }),
        new ToolMessage({ content: [{ type: 'text', text: '25 C' }], tool_call_id: 'call_B' }),
      ]);
    expect(answer.text).toBe('get_weather returned 21 C. get_weather returned [{"type":"text","text":"25 C"}].');
  });

  it('runs an agent loop written by hand (no LangGraph) to a text answer', async () => {
    const model = chat().bindTools([getWeather]);
    const messages: BaseMessage[] = [new HumanMessage('What is the weather in Paris and Rome?')];
    let calls = 0;
    for (let step = 0; step < 5; step++) {
      const reply = await model.invoke(messages);
      messages.push(reply);
      if (!reply.tool_calls?.length) break;
      for (const call of reply.tool_calls) {
        calls++;
        const output = await getWeather.invoke(call.args as { city: string });
        messages.push(new ToolMessage({ content: output, tool_call_id: call.id ?? '' }));
      }
    }
    expect(calls).toBe(2);
    expect(messages.at(-1)?.text).toBe(
      'get_weather returned {"city":"Paris","celsius":21}. get_weather returned {"city":"Rome","celsius":21}.',
    );
    expect(recorder.responses()).toHaveLength(2);
  });

  it('runs createAgent with a responseFormat to its structured response, from the tool results', async () => {
    const Weather = z.object({ city: z.string(), celsius: z.number(), summary: z.string() });
    const agent = createAgent({ model: chat(), tools: [getWeather], responseFormat: Weather });
    const out = await agent.invoke({ messages: [{ role: 'user', content: 'What is the weather in Paris?' }] });
    expect(out.structuredResponse).toEqual({ city: 'Paris', celsius: 21, summary: expect.any(String) });
    // The weather call, then the structured-output tool LangChain adds (its tool_choice is dropped on this API).
    expect(recorder.responses()).toHaveLength(2);
    const tools = recorder.responses()[1]?.tools as Array<{ name: string; description?: string }>;
    expect(tools.map((t) => t.name)).toEqual(['get_weather', expect.stringMatching(/^extract/)]);

    const alone = createAgent({ model: chat(), tools: [], responseFormat: Weather });
    const answered = await alone.invoke({ messages: [{ role: 'user', content: 'Describe the weather somewhere' }] });
    expect(Weather.safeParse(answered.structuredResponse).success).toBe(true);
  });

  it('keeps a multi-turn chat with earlier answers in the history', async () => {
    const model = chat();
    const first = await model.invoke([new HumanMessage('hello')]);
    const second = await model.invoke([new HumanMessage('hello'), first, new HumanMessage('echo: and again')]);
    expect(second.text).toBe('and again');
  });

  it('sends a string tool_choice only through modelKwargs (bindTools drops it on the Responses API)', async () => {
    const dropped = await chat().bindTools([getWeather], { tool_choice: 'required' }).invoke('hello');
    expect(dropped.tool_calls).toEqual([]);
    const forced = await chat({ modelKwargs: { tool_choice: 'required' } })
      .bindTools([getWeather])
      .invoke('hello');
    expect(forced.tool_calls?.map((c) => c.name)).toEqual(['get_weather']);
    expect(recorder.responses().map((body) => body.tool_choice)).toEqual([undefined, 'required']);
  });

  it('gives structured output that fits a schema with a regex, an email and an enum (withStructuredOutput)', async () => {
    const schema = z.object({
      code: z.string().regex(/^[A-Z]{3}-\d{3}$/),
      email: z.email(),
      color: z.enum(['red', 'green', 'blue']),
      when: z.iso.date(),
      shape: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('circle'), radius: z.number().positive() }),
        z.object({ kind: z.literal('rect'), w: z.number(), h: z.number() }),
      ]),
      note: z.string().nullable(),
    });
    const object = await chat().withStructuredOutput(schema, { name: 'ticket' }).invoke('Make up a ticket');
    // LangChain does not check the answer against the schema: the test does.
    expect(schema.safeParse(object).error?.issues ?? []).toEqual([]);
  });

  it('shows the reasoning of openai/o3-mini when passed through modelKwargs (LangChain drops reasoning otherwise)', async () => {
    const reasoning = { effort: 'low' as const, summary: 'auto' as const };
    const answer = await chat({ model: 'openai/o3-mini', modelKwargs: { reasoning } }).invoke(
      'How many rs are in strawberry?',
    );
    expect(answer.text).toBe('There are 3 r\'s in "strawberry".');
    expect(answer.additional_kwargs.reasoning).toMatchObject({
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: expect.stringMatching(/^Spell it out/) }],
    });
    const dropped = await chat({ model: 'openai/o3-mini', reasoning }).invoke('How many rs are in strawberry?');
    expect(dropped.additional_kwargs.reasoning).toBeUndefined();
    expect(recorder.responses().map((body) => body.reasoning)).toEqual([reasoning, undefined]);
  });

  it('reports a cut by max tokens as an incomplete response with the partial text', async () => {
    const answer = await chat({ maxTokens: 16 }).invoke(STORY);
    expect(answer.response_metadata).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
    });
    expect(answer.usage_metadata?.output_tokens).toBe(16);
    expect(answer.text.startsWith('Once upon a time')).toBe(true);
  });

  describe('a failure in the middle of a streamed answer', () => {
    const failing = { 'x-mock-fail-after-tokens': '3' };

    it('throws from stream(), after the first tokens', async () => {
      const texts: string[] = [];
      const read = async () => {
        for await (const chunk of await chat({}, failing).stream(STORY)) texts.push(chunk.text);
      };
      await expect(read()).rejects.toThrow(/failed after 3 output tokens/);
      expect(texts.join('').length).toBeGreaterThan(0);
    });

    it('rejects invoke() with streaming on', async () => {
      await expect(chat({ streaming: true }, failing).invoke(STORY)).rejects.toBeInstanceOf(OpenAI.APIError);
      expect(recorder.responses()).toHaveLength(1);
    });
  });

  it('stops a stream aborted mid-answer with an abort error, and so does the mock', async () => {
    const story = (await chat().invoke(STORY)).text;
    const done = nextAnswerDone(get().mock);
    const controller = new AbortController();
    let chunks = 0;
    let text = '';
    const read = async () => {
      const stream = await chat({}, { 'x-mock-tokens-per-second': '200' }).stream(STORY, { signal: controller.signal });
      for await (const chunk of stream) {
        if (chunk.text === '') continue;
        text += chunk.text;
        if (++chunks === 3) controller.abort();
      }
    };
    await expect(read()).rejects.toThrow(/abort/i);
    // How many chunks came before the abort error depends on how the socket split the events.
    expect(chunks).toBeGreaterThanOrEqual(3);
    await expectAbortedMidAnswer(get().origin, done, text, story);
  });

  it.each([
    ['400 for an unknown model', { model: 'acme/unknown' }, OpenAI.BadRequestError, 400],
    ['401 for an unknown key', { apiKey: 'sk-wrong' }, OpenAI.AuthenticationError, 401],
  ])('raises the openai error class: %s', async (_name, fields, errorClass, status) => {
    const call = chat(fields).invoke('hello');
    await expect(call).rejects.toBeInstanceOf(errorClass);
    await expect(call).rejects.toMatchObject({ status });
    expect(recorder.responses()).toHaveLength(1);
  });
});
