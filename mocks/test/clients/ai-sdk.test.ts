/**
 * The Vercel AI SDK (`ai` + `@ai-sdk/openai`, `createOpenAI({ baseURL, apiKey }).responses(...)`)
 * against the mock over a real socket, as frontend teams use it: text, streams, agent loops with
 * `execute` and `stopWhen`, structured output, reasoning, cuts, failures, aborts and HTTP errors.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateText, hasToolCall, Output, stepCountIs, streamText, tool } from 'ai';
import { z } from 'zod';
import { recordingFetch } from '../helpers/recording-fetch';
import type { RecordingFetch } from '../helpers/recording-fetch';
import { useMock } from '../helpers/start-mock';
import { expectAbortedMidAnswer, nextAnswerDone } from './browser/mock-signals';

const get = useMock();
const STORY_START = 'Once upon a time, in a valley';

let recorder: RecordingFetch;
beforeEach(() => {
  recorder = recordingFetch();
});

/** A model of the mock's, as `createOpenAI(...).responses(id)` gives it; retries off unless a test says. */
function model(id = 'openai/gpt-4o', apiKey = 'sk-mock-user') {
  return createOpenAI({ baseURL: get().baseUrl, apiKey, fetch: recorder.fetch }).responses(id);
}

const weather = (celsius = 21) => {
  const execute = jest.fn(async ({ city }: { city: string }) => ({ city, celsius }));
  return {
    execute,
    tool: tool({
      description: 'The current weather in a city',
      inputSchema: z.object({ city: z.string() }),
      execute,
    }),
  };
};

describe('the AI SDK against the mock', () => {
  it('generates text', async () => {
    const result = await generateText({ model: model(), prompt: 'hello' });
    expect(result.text).toBe('Hello! How can I help you today?');
    expect(result.finishReason).toBe('stop');
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(recorder.responses()).toHaveLength(1);
  });

  it('streams text whose deltas join to the answer', async () => {
    const result = streamText({ model: model(), prompt: 'tell me a long story' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(100);
    expect(deltas.join('')).toBe(await result.text);
    expect((await result.text).startsWith(STORY_START)).toBe(true);
    expect(await result.finishReason).toBe('stop');
  });

  it('runs a tool loop with execute and stopWhen to a text answer in two requests', async () => {
    const { tool: getWeather, execute } = weather();
    const result = await generateText({
      model: model(),
      prompt: 'What is the weather in Paris?',
      tools: { get_weather: getWeather },
      stopWhen: stepCountIs(5),
    });
    expect(execute).toHaveBeenCalledTimes(1);
    expect(execute.mock.calls[0]?.[0]).toEqual({ city: 'Paris' });
    expect(result.steps.map((step) => step.finishReason)).toEqual(['tool-calls', 'stop']);
    expect(result.text).toBe('get_weather returned {"city":"Paris","celsius":21}.');
    expect(recorder.responses()).toHaveLength(2);
  });

  it("fits a script's call to the tool's own schema, so execute gets valid input", async () => {
    const execute = jest.fn(async (input: { location: string; unit: 'c' | 'f' }) => ({ ...input, temperature: 21 }));
    const getWeather = tool({ inputSchema: z.object({ location: z.string(), unit: z.enum(['c', 'f']) }), execute });
    const result = await generateText({
      model: model(),
      prompt: 'What is the weather in São Paulo?',
      tools: { get_weather: getWeather },
      stopWhen: stepCountIs(5),
    });
    expect(execute.mock.calls.map(([input]) => input)).toEqual([{ location: 'São Paulo', unit: 'c' }]);
    expect(result.text).toBe('get_weather returned {"location":"São Paulo","unit":"c","temperature":21}.');
  });

  it('runs a tool loop with a reasoning model, whose reasoning goes back as an item_reference', async () => {
    const { tool: getWeather } = weather();
    const result = await generateText({
      model: model('openai/o3-mini'),
      prompt: 'What is the weather in Paris?',
      tools: { get_weather: getWeather },
      stopWhen: stepCountIs(5),
      providerOptions: { openai: { forceReasoning: true, reasoningEffort: 'low', reasoningSummary: 'auto' } },
    });
    expect(result.text).toBe('get_weather returned {"city":"Paris","celsius":21}.');
    const followUp = recorder.responses()[1]?.input as Array<Record<string, unknown>>;
    expect(followUp.map((item) => item.type ?? item.role)).toEqual([
      'user',
      'item_reference',
      'function_call',
      'function_call_output',
    ]);
  });

  it('streams a loop with two parallel calls to one text that reports both', async () => {
    const { tool: getWeather, execute } = weather();
    const result = streamText({
      model: model(),
      prompt: 'What is the weather in Paris and Rome?',
      tools: { get_weather: getWeather },
      stopWhen: stepCountIs(5),
    });
    expect(await result.text).toBe(
      'get_weather returned {"city":"Paris","celsius":21}. get_weather returned {"city":"Rome","celsius":21}.',
    );
    expect(execute.mock.calls.map(([input]) => input.city)).toEqual(['Paris', 'Rome']);
    expect(recorder.responses()).toHaveLength(2);
  });

  it('ends a loop under toolChoice required by the step limit, or by prepareStep giving the choice back', async () => {
    const limited = await generateText({
      model: model(),
      prompt: 'What is the weather in Paris?',
      tools: { get_weather: weather().tool },
      toolChoice: 'required',
      stopWhen: stepCountIs(3),
    });
    expect(limited.steps.map((step) => step.finishReason)).toEqual(['tool-calls', 'tool-calls', 'tool-calls']);
    const released = await generateText({
      model: model(),
      prompt: 'What is the weather in Paris?',
      tools: { get_weather: weather().tool },
      toolChoice: 'required',
      prepareStep: ({ stepNumber }) => (stepNumber > 0 ? { toolChoice: 'auto' } : undefined),
      stopWhen: stepCountIs(3),
    });
    expect(released.text).toBe('get_weather returned {"city":"Paris","celsius":21}.');
    expect(recorder.responses()).toHaveLength(5);
  });

  it('ends the answer-tool pattern (toolChoice required, an answer tool without execute) on the answer call', async () => {
    const result = await generateText({
      model: model(),
      prompt: 'What is the weather in Paris?',
      toolChoice: 'required',
      tools: {
        get_weather: weather().tool,
        answer: tool({ description: 'The final answer', inputSchema: z.object({ text: z.string() }) }),
      },
      stopWhen: [stepCountIs(6), hasToolCall('answer')],
    });
    expect(result.steps.map((step) => step.toolCalls.map((call) => call.toolName))).toEqual([
      ['get_weather'],
      ['answer'],
    ]);
    expect(result.steps.at(-1)?.toolCalls[0]?.input).toEqual({ text: expect.any(String) });
  });

  it('keeps a multi-turn chat: the earlier answer goes back as an item_reference by default, in full with store false', async () => {
    const first = await generateText({ model: model(), prompt: 'hello' });
    const messages = [
      { role: 'user' as const, content: 'hello' },
      ...first.response.messages,
      { role: 'user' as const, content: 'echo: second turn' },
    ];
    expect((await generateText({ model: model(), messages })).text).toBe('second turn');
    const stateless = await generateText({ model: model(), messages, providerOptions: { openai: { store: false } } });
    expect(stateless.text).toBe('second turn');
    const [, byReference, inFull] = recorder.responses().map((body) => body.input as Array<Record<string, unknown>>);
    expect(byReference?.map((item) => item.type ?? item.role)).toEqual(['user', 'item_reference', 'user']);
    // In full: the assistant message with its text (ai 6 sends it as output_text parts with the
    // message's id, ai 7 as a plain string).
    expect(inFull?.[1]).toMatchObject({ role: 'assistant' });
    expect(JSON.stringify(inFull?.[1]?.content)).toContain(first.text);
  });

  describe('structured output', () => {
    const schema = z.object({
      code: z.string().regex(/^[A-Z]{3}-\d{3}$/),
      email: z.email(),
      color: z.enum(['red', 'green', 'blue']),
      id: z.uuid(),
      at: z.iso.datetime(),
      tags: z.array(z.string().min(2)).min(1),
      pair: z.tuple([z.string(), z.number()]),
    });

    // generateText with Output.object: ai 7 deprecates generateObject (with a warning at each call).
    const ticket = () =>
      generateText({ model: model(), output: Output.object({ schema }), prompt: 'Make up a ticket' });

    it('generates an object that fits a schema with a regex, an email and an enum (Output.object)', async () => {
      const { output } = await ticket();
      expect(schema.parse(output)).toEqual(output);
      expect(output.code).toMatch(/^[A-Z]{3}-\d{3}$/);
    });

    it('generates the same object again for the same request', async () => {
      const first = await ticket();
      const second = await ticket();
      expect(second.output).toEqual(first.output);
    });

    it('gives Output.object after a tool loop', async () => {
      const result = await generateText({
        model: model(),
        prompt: 'What is the weather in Paris?',
        tools: { get_weather: weather().tool },
        stopWhen: stepCountIs(5),
        output: Output.object({ schema: z.object({ city: z.string(), celsius: z.number().int() }) }),
      });
      expect(result.output).toEqual({ city: 'Paris', celsius: 21 });
      expect(result.steps).toHaveLength(2);
    });
  });

  it('shows the reasoning of openai/o3-mini when forceReasoning is set (the SDK does not know the id reasons)', async () => {
    const reasoning = { openai: { forceReasoning: true, reasoningEffort: 'low', reasoningSummary: 'auto' } };
    const result = await generateText({
      model: model('openai/o3-mini'),
      prompt: 'How many rs are in strawberry?',
      providerOptions: reasoning,
    });
    expect(result.reasoningText).toMatch(/^Spell it out: s-t-r-a-w-b-e-r-r-y/);
    expect(result.text).toBe('There are 3 r\'s in "strawberry".');
    const plain = await generateText({ model: model('openai/o3-mini'), prompt: 'How many rs are in strawberry?' });
    expect(plain.reasoningText).toBeUndefined();
    expect(recorder.responses().map((body) => body.reasoning)).toEqual([{ effort: 'low', summary: 'auto' }, undefined]);
  });

  it('reports a cut by max output tokens as finishReason length, with the partial text', async () => {
    const whole = await generateText({ model: model(), prompt: 'tell me a long story' });
    const result = await generateText({ model: model(), prompt: 'tell me a long story', maxOutputTokens: 16 });
    expect(result.finishReason).toBe('length');
    expect(result.usage.outputTokens).toBe(16);
    expect(result.text.length).toBeGreaterThan(0);
    expect(whole.text.startsWith(result.text)).toBe(true);
    expect(whole.text.length).toBeGreaterThan(result.text.length);
  });

  it('ends a stream that fails mid-answer with an error part and finishReason error', async () => {
    const result = streamText({
      model: model(),
      prompt: 'tell me a long story',
      headers: { 'x-mock-fail-after-tokens': '3' },
      onError: () => undefined,
    });
    const parts: string[] = [];
    let error: unknown;
    for await (const part of result.fullStream) {
      parts.push(part.type);
      if (part.type === 'error') error = part.error;
    }
    expect(parts.filter((type) => type === 'text-delta')).toHaveLength(3);
    expect(error).toMatchObject({ code: 'server_error', message: expect.stringMatching(/after 3 output tokens/) });
    expect(await result.finishReason).toBe('error');
  });

  it('throws an APICallError 502 for a failing JSON answer, once with maxRetries 0', async () => {
    const failing = generateText({
      model: model(),
      prompt: 'tell me a long story',
      headers: { 'x-mock-fail-after-tokens': '3' },
      maxRetries: 0,
    });
    const error: unknown = await failing.catch((thrown: unknown) => thrown);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 502, isRetryable: true });
    expect(recorder.responses()).toHaveLength(1);
  });

  it('stops a stream aborted mid-answer, and so does the mock', async () => {
    const story = (await generateText({ model: model(), prompt: 'tell me a long story' })).text;
    const done = nextAnswerDone(get().mock);
    const controller = new AbortController();
    const result = streamText({
      model: model(),
      prompt: 'tell me a long story',
      headers: { 'x-mock-tokens-per-second': '200' },
      abortSignal: controller.signal,
    });
    const parts: string[] = [];
    let text = '';
    for await (const part of result.fullStream) {
      parts.push(part.type);
      if (part.type !== 'text-delta') continue;
      text += part.text;
      if (parts.filter((type) => type === 'text-delta').length === 3) controller.abort();
    }
    // The stream ends with an abort part after the story's start: how many deltas the SDK had
    // already read when the signal fired depends on how the socket split them.
    expect(parts.at(-1)).toBe('abort');
    expect(parts.filter((type) => type === 'text-delta').length).toBeGreaterThanOrEqual(3);
    await expectAbortedMidAnswer(get().origin, done, text, story);
  });

  it('streams a Prefer example (the scenario follows "stream": true, not Accept)', async () => {
    const result = streamText({ model: model(), prompt: 'hi', headers: { Prefer: 'example=text' } });
    expect(await result.text).toBe('Hello there!');
    expect(await result.finishReason).toBe('stop');
  });

  it.each([
    ['400 for an unknown model', () => model('acme/unknown'), 400, 'acme/unknown is not a valid model ID'],
    [
      '400 for an id without its author, naming the one meant',
      () => model('gpt-4o'),
      400,
      'gpt-4o is not a valid model ID: model IDs name their author, e.g. openai/gpt-4o',
    ],
    ['401 for an unknown key', () => model('openai/gpt-4o', 'sk-wrong'), 401, expect.any(String)],
  ])('throws an APICallError: %s', async (_name, make, status, message) => {
    const error: unknown = await generateText({ model: make(), prompt: 'hello', maxRetries: 0 }).catch(
      (thrown: unknown) => thrown,
    );
    // isInstance, as the AI SDK's docs check its errors: the class lives in @ai-sdk/provider, of
    // which node_modules holds more than one copy here (docs/clients.md, "Versions").
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: status, message, isRetryable: false });
  });
});
