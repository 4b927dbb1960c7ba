import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { setupMockGateway } from 'model-gateway-mock/msw/node';

// Vitest without `globals: true`: the mock's set-up takes Vitest's hooks.
const gateway = setupMockGateway({
  baseUrl: 'https://gateway.test/api/v1',
  hooks: { beforeAll, afterEach, afterAll },
});

it('answers from the mock and journals what the client sent', async () => {
  const openai = new OpenAI({
    baseURL: 'https://gateway.test/api/v1',
    apiKey: 'sk-mock-user',
    dangerouslyAllowBrowser: true,
  });
  const response = await openai.responses.create({ model: 'openai/gpt-4o', input: 'hello' });
  expect(response.output_text).toBe('Hello! How can I help you today?');
  expect(gateway.requests({ operation: 'createResponse' })[0]?.body).toMatchObject({ input: 'hello' });
});

it('fails a request no handler takes, such as one to another host', async () => {
  const failure = await fetch('https://api.example.com/v1/users').then(
    () => undefined,
    (error: Error) => error,
  );
  // msw 2 rejects with its own error; msw 3 with fetch's `TypeError: fetch failed`, msw's as the cause.
  expect(String(failure?.cause ?? failure)).toContain('Cannot bypass a request');
});
