/**
 * @vitest-environment jsdom
 * @jest-environment jest-fixed-jsdom
 */
import OpenAI from 'openai';
import { setupMockGateway } from 'model-gateway-mock/msw/node';

// Listens before all tests, resets the mock (scenarios, journal, state) after each, closes after all.
const gateway = setupMockGateway({ baseUrl: 'https://gateway.test/api/v1' });

it('retries a rate-limited request and gets the answer', async () => {
  gateway.scenarios.add({
    match: { operation: 'createResponse' },
    respond: { status: 429, headers: { 'retry-after-ms': '10' } },
  });
  // The SDK's default retries: it cancels the 429's body, waits, and asks again.
  const openai = new OpenAI({
    baseURL: 'https://gateway.test/api/v1',
    apiKey: 'sk-mock-user',
    dangerouslyAllowBrowser: true,
  });
  const response = await openai.responses.create({ model: 'openai/gpt-4o', input: 'hello' });
  expect(response.output_text).toBe('Hello! How can I help you today?');
  expect(gateway.requests({ operation: 'createResponse' }).map((sent) => sent.status)).toEqual([200, 429]);
});
