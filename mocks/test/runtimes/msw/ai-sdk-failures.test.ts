/**
 * The AI SDK's streamText through every surface (the node server, the fetch handler, msw 2 and
 * msw 3 in Node) when a scenario fails the connection: the text that arrived before a cut reaches
 * `fullStream` before the error, and a reset names ECONNRESET. The AI SDK reads a body through a
 * chain of pipes, which drops what its later stages hold if the body fails in the same turn as
 * its last bytes; the fetch adapter fails a body in a task of its own, as a socket does.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { streamText } from 'ai';
import { SURFACES } from './surfaces';
import type { Surface } from './surfaces';

/** What fullStream gave: the text deltas, and the error it threw or its error part carried. */
async function streamedBy(surface: Surface): Promise<{ deltas: number; error: string | undefined }> {
  const gateway = createOpenAI({
    baseURL: surface.url(''),
    apiKey: 'sk-mock-user',
    // The AI SDK calls fetch with a URL string and its init.
    fetch: (input, init) => surface.fetch(String(input), init),
  });
  const result = streamText({
    model: gateway.responses('openai/gpt-4o'),
    prompt: 'Tell me a story about a lighthouse.',
    maxRetries: 0,
    onError: () => undefined,
  });
  let deltas = 0;
  let error: string | undefined;
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') deltas += 1;
      if (part.type === 'error') error = messageOf(part.error);
    }
  } catch (thrown) {
    error = messageOf(thrown);
  }
  return { deltas, error };
}

function messageOf(error: unknown): string {
  const cause = (error as { cause?: { message?: string } }).cause;
  return `${(error as Error).message} / ${String(cause?.message)}`;
}

describe.each(SURFACES)('the AI SDK on %s', (_name, surface) => {
  beforeAll(() => surface.start());
  afterEach(() => surface.mock().reset());
  afterAll(() => surface.stop());

  const fail = (respond: object) =>
    surface.mock().scenarios.add({ match: { operation: 'createResponse' }, respond: respond as never });

  it('gets the five tokens sent before a dropped connection, then the error', async () => {
    fail({ cut: { afterTokens: 5, end: 'drop' } });
    expect(await streamedBy(surface)).toEqual({ deltas: 5, error: expect.any(String) as unknown });
  });

  it('gets the first token of a stream closed mid-body, then the error', async () => {
    fail({ network: 'close-mid-body' });
    expect(await streamedBy(surface)).toEqual({ deltas: 1, error: expect.any(String) as unknown });
  });

  it('names the reset in its error: the cause says ECONNRESET', async () => {
    fail({ network: 'reset' });
    const { deltas, error } = await streamedBy(surface);
    expect(deltas).toBe(0);
    expect(error).toMatch(/ECONNRESET/);
  });
});
