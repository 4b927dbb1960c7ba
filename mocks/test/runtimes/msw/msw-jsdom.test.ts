/**
 * @jest-environment jest-fixed-jsdom
 *
 * The mock as msw handlers in a component test's world (jsdom, msw's `setupServer`), driven by
 * the client libraries a frontend uses: the openai SDK (a response, a stream, a tool loop) and
 * the AI SDK (streamText with a tool; a chat route's UI message stream as useChat reads it).
 * Nothing listens on a port and no socket is opened: every request is answered in-process.
 * jest-fixed-jsdom is what msw's docs give Jest users: jsdom with Node's fetch, streams and
 * TextEncoder, which jsdom itself lacks.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { convertToModelMessages, DefaultChatTransport, readUIMessageStream, stepCountIs, streamText, tool } from 'ai';
import type { UIMessage } from 'ai';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { z } from 'zod';
import { createHandlers } from 'model-gateway-mock/msw';
import { loadContract } from '../../../../kit/contract/contract';
import { readSse } from '../../../../kit/sse/read-sse';
import { streamProblems } from '../../../../kit/stream/stream-oracle';
import { streamSpec } from '../../../../kit/stream/stream-spec';
import { WEATHER_TOOL } from '../../helpers/sample-requests';

const BASE_URL = 'https://gateway.test/api/v1';
const APP = 'https://app.test';

const mock = createHandlers({ baseUrl: BASE_URL, options: { validateResponses: true } });
const gateway = createOpenAI({ baseURL: BASE_URL, apiKey: 'sk-mock-user' });

/** The app's own chat route, as a Next.js route handler writes it with the AI SDK. */
const chatRoute = http.post(`${APP}/api/chat`, async ({ request }) => {
  const { messages } = (await request.json()) as { messages: UIMessage[] };
  const result = streamText({
    model: gateway.responses('openai/gpt-4o'),
    messages: await convertToModelMessages(messages),
    tools: {
      get_weather: tool({
        inputSchema: z.object({ city: z.string() }),
        execute: ({ city }) => Promise.resolve({ city, celsius: 21 }),
      }),
    },
    stopWhen: stepCountIs(5),
  });
  return result.toUIMessageStreamResponse();
});

const server = setupServer(...mock.handlers, chatRoute);
let client: OpenAI;
let tcpBefore = 0;

const tcpResources = (): number => process.getActiveResourcesInfo().filter((kind) => kind.startsWith('TCP')).length;

beforeAll(() => {
  tcpBefore = tcpResources();
  server.listen({ onUnhandledRequest: 'error' });
  // After listen: the SDK keeps the fetch it finds when made, which msw has now wrapped.
  client = new OpenAI({ baseURL: BASE_URL, apiKey: 'sk-mock-user', maxRetries: 0, dangerouslyAllowBrowser: true });
});
afterEach(() => {
  expect(mock.responseViolations).toEqual([]);
  // No server socket, no client socket: msw answered in-process. (Counted against what the
  // process held before, as test files that ran earlier in this worker may leave sockets closing.)
  expect(tcpResources()).toBeLessThanOrEqual(tcpBefore);
  mock.reset();
});
afterAll(() => server.close());

describe('the openai SDK against the msw handlers in jsdom', () => {
  it('runs in jsdom', () => {
    expect(typeof (globalThis as { document?: { createElement?: unknown } }).document?.createElement).toBe('function');
  });

  it('creates a response', async () => {
    const response = await client.responses.create({ model: 'openai/gpt-4o', input: 'hello' });
    expect(response.output_text).toBe('Hello! How can I help you today?');
    expect(response.usage?.total_tokens).toBe(
      (response.usage?.input_tokens ?? 0) + (response.usage?.output_tokens ?? 0),
    );
  });

  it('streams a response whose raw events pass the stream oracle', async () => {
    const { data: stream, response } = await client.responses
      .create({ model: 'openai/gpt-4o', input: 'hello', stream: true })
      .withResponse();
    const text: string[] = [];
    for await (const event of stream) if (event.type === 'response.output_text.delta') text.push(event.delta);
    expect(text.join('')).toBe('Hello! How can I help you today?');
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const raw = await (await mock.fetch(streamRequest())).text();
    expect(streamProblems(readSse(raw), streamSpec(loadContract()))).toEqual([]);
  });

  it('answers a tool loop: the call, then text from the tool output', async () => {
    const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: 'What is the weather in Paris?' }];
    const first = await client.responses.create({ model: 'openai/gpt-4o', input, tools: [WEATHER_TOOL] });
    const call = first.output.find((item) => item.type === 'function_call');
    if (call?.type !== 'function_call') throw new Error('expected a function call');
    expect(JSON.parse(call.arguments)).toEqual({ city: 'Paris' });
    const second = await client.responses.create({
      model: 'openai/gpt-4o',
      tools: [WEATHER_TOOL],
      input: [
        ...input,
        ...(first.output as OpenAI.Responses.ResponseInputItem[]),
        { type: 'function_call_output', call_id: call.call_id, output: '{"celsius":21}' },
      ],
    });
    expect(second.output_text).toBe('get_weather returned {"celsius":21}.');
  });

  it('answers a queued scenario once, then normally, and journals what the SDK sent', async () => {
    mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { status: 429 } });
    const request = { model: 'openai/gpt-4o', input: 'hello', tools: [WEATHER_TOOL] };
    await expect(client.responses.create(request)).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    expect((await client.responses.create(request)).status).toBe('completed');
    const sent = mock.requests({ operation: 'createResponse' });
    expect(sent.map((entry) => entry.status)).toEqual([200, 429]);
    expect(sent[0]?.body).toMatchObject({ input: 'hello', tools: [{ name: 'get_weather' }] });
    expect(mock.scenarios.list()).toEqual([expect.objectContaining({ used: 1 })]);
  });

  it('keeps its own state, which reset puts back', async () => {
    await client.responses.create({ model: 'openai/gpt-4o', input: 'hello' });
    const before = (await (await fetch(`${new URL(BASE_URL).origin}/__mock/requests`)).json()) as {
      requests: unknown[];
    };
    expect(before.requests.length).toBeGreaterThan(0);
    mock.reset();
    const after = (await (await fetch(`${new URL(BASE_URL).origin}/__mock/requests`)).json()) as {
      requests: unknown[];
    };
    expect(after.requests.length).toBeLessThan(before.requests.length);
  });
});

describe('the AI SDK against the msw handlers in jsdom', () => {
  it('streams text with a tool through two steps', async () => {
    const execute = jest.fn(({ city }: { city: string }) => Promise.resolve({ city, celsius: 21 }));
    const result = streamText({
      model: gateway.responses('openai/gpt-4o'),
      prompt: 'What is the weather in Paris?',
      tools: { get_weather: tool({ inputSchema: z.object({ city: z.string() }), execute }) },
      stopWhen: stepCountIs(5),
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(execute.mock.calls.map(([input]) => input)).toEqual([{ city: 'Paris' }]);
    expect(deltas.join('')).toBe('get_weather returned {"city":"Paris","celsius":21}.');
    expect((await result.steps).map((step) => step.finishReason)).toEqual(['tool-calls', 'stop']);
  });

  it("reads a chat route's UI message stream as useChat does", async () => {
    const transport = new DefaultChatTransport({ api: `${APP}/api/chat` });
    const stream = await transport.sendMessages({
      chatId: 'chat-1',
      trigger: 'submit-message',
      messageId: undefined,
      abortSignal: undefined,
      messages: [{ id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'What is the weather in Paris?' }] }],
    });
    let message: UIMessage | undefined;
    for await (const m of readUIMessageStream({ stream })) message = m;
    const parts = (message?.parts ?? []).map((p) =>
      p.type === 'text' ? `text: ${p.text}` : 'state' in p ? `${p.type}: ${String(p.state)}` : p.type,
    );
    expect(parts).toEqual([
      'step-start',
      'tool-get_weather: output-available',
      'step-start',
      'text: get_weather returned {"city":"Paris","celsius":21}.',
    ]);
  });
});

function streamRequest(): Request {
  return new Request(`${BASE_URL}/responses`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hello', stream: true }),
  });
}
