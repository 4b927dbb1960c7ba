/**
 * @vitest-environment jsdom
 * @jest-environment jest-fixed-jsdom
 */
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { createHandlers } from 'model-gateway-mock/msw';

const mock = createHandlers({ baseUrl: 'https://gateway.test/api/v1' });
const server = setupServer(...mock);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

it('streams the answer the contract describes', async () => {
  const openai = new OpenAI({
    baseURL: 'https://gateway.test/api/v1',
    apiKey: 'sk-mock-user',
    dangerouslyAllowBrowser: true,
  });
  const stream = await openai.responses.create({ model: 'openai/gpt-4o', input: 'hello', stream: true });
  let text = '';
  for await (const event of stream) if (event.type === 'response.output_text.delta') text += event.delta;
  expect(text).toBe('Hello! How can I help you today?');
});
