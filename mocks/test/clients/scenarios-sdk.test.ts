/**
 * Queued scenarios and the request journal, driven by the real client libraries a UI uses: the
 * `openai` SDK with its default retries, and the AI SDK's streams. Timings are read from the
 * journal (when each request arrived), never from the test's own clock.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, streamText } from 'ai';
import OpenAI from 'openai';
import { useMock } from '../helpers/start-mock';

const get = useMock();

beforeEach(() => get().mock.reset());

/** The SDK as an application builds it: default retries (2) and timeouts. */
const openai = () => new OpenAI({ apiKey: 'sk-mock-user', baseURL: get().baseUrl });

/** Arrival times of the createResponse requests, oldest first, in ms. */
const arrivals = () =>
  get()
    .mock.requests({ operation: 'createResponse' })
    .reverse()
    .map((entry) => ({ status: entry.status, at: Date.parse(entry.at) }));

describe('scenarios against the openai SDK', () => {
  it('succeeds after exactly one retry of a 429, waiting the Retry-After given', async () => {
    // The SDK's own first backoff is at most 0.5 s: a gap of a second is the header's doing.
    get().mock.scenarios.add({
      match: { operation: 'createResponse' },
      respond: { status: 429, headers: { 'retry-after': '1' } },
    });
    const response = await openai().responses.create({ model: 'openai/gpt-4o', input: 'hello' });
    expect(response.output_text).toBe('Hello! How can I help you today?');
    const [limited, retried, ...more] = arrivals();
    expect(more).toEqual([]);
    expect([limited?.status, retried?.status]).toEqual([429, 200]);
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it.each([
    ['retry-after: 0', { headers: { 'retry-after': '0' }, ownBackoffs: 0 }],
    ['retry-after-ms: 10', { headers: { 'retry-after-ms': '10' }, ownBackoffs: 0 }],
    ['no retry header', { headers: {}, ownBackoffs: 1 }],
  ])(
    'retries a 429 with %s, with its own backoff only where no wait is named',
    async (_name, { headers, ownBackoffs }) => {
      // docs/testing.md: a named wait is taken as given, 0 included (a retry at once).
      const backoff = jest.spyOn(
        OpenAI.prototype as unknown as { calculateDefaultRetryTimeoutMillis(): number },
        'calculateDefaultRetryTimeoutMillis',
      );
      try {
        get().mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { status: 429, headers } });
        const response = await openai().responses.create({ model: 'openai/gpt-4o', input: 'hello' });
        expect(response.status).toBe('completed');
        expect(backoff).toHaveBeenCalledTimes(ownBackoffs);
      } finally {
        backoff.mockRestore();
      }
    },
  );

  it('gets through a 500, 500, 200 sequence with its default two retries', async () => {
    get().mock.scenarios.add({
      id: 'flaky',
      match: { operation: 'createResponse' },
      // retry-after-ms: the SDK's own header for a short wait, so the test does not sit through backoffs.
      steps: [
        { status: 500, headers: { 'retry-after-ms': '10' } },
        { status: 500, headers: { 'retry-after-ms': '10' } },
        {},
      ],
    });
    const response = await openai().responses.create({ model: 'openai/gpt-4o', input: 'hello' });
    expect(response.status).toBe('completed');
    expect(arrivals().map((a) => a.status)).toEqual([500, 500, 200]);
    expect(get().mock.scenarios.list()).toEqual([expect.objectContaining({ id: 'flaky', used: 3, remaining: 0 })]);
  });

  it('shows in the journal the tools and input the client sent', async () => {
    await openai().responses.create({
      model: 'openai/gpt-4o',
      input: [{ role: 'user', content: 'What is the weather in Paris?' }],
      tools: [
        {
          type: 'function',
          name: 'get_weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          strict: false,
        },
      ],
    });
    const res = await fetch(`${get().origin}/__mock/requests?operation=createResponse`);
    const { requests } = (await res.json()) as { requests: Array<{ body: unknown; headers: Record<string, string> }> };
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({
      input: [{ role: 'user', content: 'What is the weather in Paris?' }],
      tools: [{ type: 'function', name: 'get_weather' }],
    });
    expect(requests[0]?.headers.authorization).toBe('[redacted]');
  });
});

describe('scenarios against the AI SDK', () => {
  const model = () => createOpenAI({ baseURL: get().baseUrl, apiKey: 'sk-mock-user' }).responses('openai/gpt-4o');

  it('surfaces a connection dropped mid-stream: the deltas so far, then the stream fails with an APICallError', async () => {
    get().mock.scenarios.add({
      match: { operation: 'createResponse', stream: true },
      // Paced, so the SDK has begun reading the stream when the connection drops.
      respond: { cut: { afterTokens: 3, end: 'drop' }, tokensPerSecond: 100 },
    });
    const result = streamText({
      model: model(),
      prompt: 'tell me a long story',
      maxRetries: 0,
      onError: () => undefined,
    });
    const parts: string[] = [];
    const failure = await (async () => {
      for await (const part of result.fullStream) parts.push(part.type);
    })().catch((err: unknown) => err);
    expect(parts.filter((type) => type === 'text-delta')).toHaveLength(3);
    expect(parts).not.toContain('finish');
    expect(APICallError.isInstance(failure)).toBe(true);
    expect((failure as APICallError).cause).toEqual(expect.objectContaining({ message: 'terminated' }));
    expect(get().mock.requests({ operation: 'createResponse' })[0]).toMatchObject({ stream: 'cut', aborted: true });
  });
});
