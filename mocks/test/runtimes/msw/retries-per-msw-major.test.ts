/**
 * The first failure test most teams write: a 429 once, then the openai SDK with its default
 * retries, which cancels the failed answer's body before it retries. msw 2 never completes that
 * cancel for a mocked answer (it keeps an unread copy of each for its `response:mocked` event):
 * createHandlers says so once, and setupMockGateway releases the copy, so the SDK recovers on
 * either msw major. On msw 3 plain setupServer recovers too.
 */
import OpenAI from 'openai';
import { MSW2_CANCEL_HANG } from '../../../src/runtimes/msw/msw-major';
import { loadMswLine, MSW_BASE, MSW_LINES, mswName } from './surfaces';

const RATE_LIMITED_ONCE = {
  match: { operation: 'createResponse' },
  respond: { status: 429, headers: { 'retry-after-ms': '10' } },
} as const;

/** The SDK as an app makes it: default retries, the global fetch msw has wrapped by now. */
const client = () => new OpenAI({ baseURL: MSW_BASE, apiKey: 'sk-mock-user', dangerouslyAllowBrowser: true });

describe.each(MSW_LINES.map((line) => [mswName(line), line] as const))('on %s', (_name, line) => {
  const { createHandlers, setupMockGateway, setupServer } = loadMswLine(line);

  describe('setupMockGateway', () => {
    const gateway = setupMockGateway({ baseUrl: MSW_BASE });

    it('lets the openai SDK recover from a 429-once scenario with its default retries', async () => {
      gateway.scenarios.add(RATE_LIMITED_ONCE);
      const response = await client().responses.create({ model: 'openai/gpt-4o', input: 'hello' });
      expect(response.output_text).toBe('Hello! How can I help you today?');
      expect(gateway.requests({ operation: 'createResponse' }).map((entry) => entry.status)).toEqual([200, 429]);
    });

    it('resets the scenarios and the journal after each test', () => {
      expect(gateway.requests()).toEqual([]);
      expect(gateway.scenarios.list()).toEqual([]);
    });
  });

  describe('createHandlers', () => {
    it(line === 'msw' ? 'warns once that retries hang on msw 2, naming the ways out' : 'does not warn', () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        createHandlers({ baseUrl: MSW_BASE });
        createHandlers({ baseUrl: MSW_BASE });
        expect(warn.mock.calls).toEqual(line === 'msw' ? [[MSW2_CANCEL_HANG]] : []);
      } finally {
        warn.mockRestore();
      }
      expect(MSW2_CANCEL_HANG).toMatch(/setupMockGateway\(\).*msw 3.*maxRetries: 0/);
    });

    if (line === 'msw3') {
      it('lets the openai SDK recover from a 429-once scenario under plain setupServer', async () => {
        const mock = createHandlers({ baseUrl: MSW_BASE });
        const server = setupServer(...mock);
        // msw 3's name for it; this repository's msw types are msw 2's.
        server.listen({ onUnhandledFrame: 'error' } as never);
        try {
          mock.scenarios.add(RATE_LIMITED_ONCE);
          const response = await client().responses.create({ model: 'openai/gpt-4o', input: 'hello' });
          expect(response.status).toBe('completed');
        } finally {
          server.close();
        }
      });
    }
  });
});
