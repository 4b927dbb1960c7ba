/**
 * The recipes of docs/testing.md, as written there: each steers the mock with a scenario and
 * checks what a UI's client library sees, or reads the journal for what the UI sent.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { streamText } from 'ai';
import OpenAI from 'openai';
import { createMockServer } from '../../index';
import type { MockServer } from '../../index';

let mock: MockServer;
let baseURL: string;

beforeAll(async () => {
  mock = createMockServer();
  baseURL = await mock.listen();
});
afterEach(() => mock.reset()); // scenarios, journal and state back to the start
afterAll(() => mock.close());

describe('docs/testing.md recipes', () => {
  it('retry UI: the first answer fails, the retry the user asks for succeeds', async () => {
    mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { status: 503 } });
    const client = new OpenAI({ apiKey: 'sk-mock-user', baseURL, maxRetries: 0 });
    const ask = () => client.responses.create({ model: 'openai/gpt-4o', input: 'hello' });

    await expect(ask()).rejects.toMatchObject({ status: 503 }); // the UI shows "Try again"
    expect((await ask()).output_text).toBe('Hello! How can I help you today?');
  });

  it('rate-limit banner: a 429 with Retry-After and the rate-limit headers', async () => {
    mock.scenarios.add({
      match: { operation: 'createResponse' },
      respond: {
        status: 429,
        headers: { 'retry-after': '30', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0' },
      },
    });
    const client = new OpenAI({ apiKey: 'sk-mock-user', baseURL, maxRetries: 0 });
    const error = await client.responses.create({ model: 'openai/gpt-4o', input: 'hello' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('30');
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).message).toContain('Rate limit exceeded');
  });

  it('a stream failing mid-answer: the text so far, then an error part', async () => {
    mock.scenarios.add({ match: { operation: 'createResponse', stream: true }, respond: { cut: { afterTokens: 5 } } });
    const model = createOpenAI({ apiKey: 'sk-mock-user', baseURL }).responses('openai/gpt-4o');
    const result = streamText({ model, prompt: 'tell me a long story', onError: () => undefined });
    const parts: string[] = [];
    for await (const part of result.fullStream) parts.push(part.type);
    expect(parts.filter((p) => p === 'text-delta')).toHaveLength(5);
    expect(parts).toContain('error');
  });

  it('a slow stream: the first token after a delay, then a few tokens a second', async () => {
    mock.scenarios.add({
      match: { operation: 'createResponse' },
      respond: { firstTokenDelayMs: 300, tokensPerSecond: 50 },
    });
    const client = new OpenAI({ apiKey: 'sk-mock-user', baseURL });
    const stream = await client.responses.create({ model: 'openai/gpt-4o', input: 'hello', stream: true });
    let text = '';
    for await (const event of stream) if (event.type === 'response.output_text.delta') text += event.delta;
    expect(text).toBe('Hello! How can I help you today?');
    // The journal says how long the mock took: at least the delay asked for.
    expect(mock.requests({ operation: 'createResponse' })[0]?.durationMs).toBeGreaterThanOrEqual(300);
  });

  it('a guardrail block: a 403 naming the patterns', async () => {
    mock.scenarios.add({
      match: { operation: 'createResponse', input: 'my password' },
      respond: {
        status: 403,
        body: {
          error: {
            code: 403,
            message: 'Request blocked: Secrets patterns detected',
            metadata: { patterns: ['password'] },
          },
        },
      },
    });
    const client = new OpenAI({ apiKey: 'sk-mock-user', baseURL, maxRetries: 0 });
    const error = await client.responses
      .create({ model: 'openai/gpt-4o', input: 'my password is hunter2' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, message: expect.stringContaining('Request blocked') });
    expect((await client.responses.create({ model: 'openai/gpt-4o', input: 'hello' })).status).toBe('completed');
  });

  it('asserting what the UI sent: the journal holds each request body', async () => {
    const client = new OpenAI({ apiKey: 'sk-mock-user', baseURL });
    await client.responses.create({
      model: 'openai/gpt-4o',
      instructions: 'Answer in French.',
      input: [{ role: 'user', content: 'What is the weather in Paris?' }],
      tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: {} }, strict: false }],
    });
    const [sent] = mock.requests({ operation: 'createResponse' });
    expect(sent?.body).toMatchObject({
      instructions: 'Answer in French.',
      tools: [{ name: 'get_weather' }],
    });
  });
});
