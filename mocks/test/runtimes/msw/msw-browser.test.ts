/**
 * The mock in a browser page, as msw handlers behind msw's service worker: the page (served by the
 * app's own test server, which is the only thing listening) registers mockServiceWorker.js with
 * the handlers, and the openai SDK streams a paced answer into the DOM. The mock's origin exists
 * nowhere (`gateway.test`), and the browser's network is cut off besides: every answer comes from
 * the service worker. Expressions run inside the page are strings: this project's TypeScript has
 * no DOM library.
 */
import type { Page } from 'playwright-core';
import { startWorkerPage } from './worker-page';
import type { WorkerPage } from './worker-page';

const BASE_URL = 'https://gateway.test/api/v1';
const TOKENS_PER_SECOND = 400;

/** The app's code: the mock's handlers on msw's worker, and a chat box the openai SDK fills. */
const APP = `
import { setupWorker } from 'msw/browser';
import OpenAI from 'openai';
import { createHandlers } from './mocks/msw';

const mock = createHandlers({ baseUrl: ${JSON.stringify(BASE_URL)}, options: { pacing: { firstTokenDelayMs: 0, tokensPerSecond: ${TOKENS_PER_SECOND} }, validateResponses: true } });
const worker = setupWorker(...mock.handlers);
globalThis.mock = mock;
globalThis.started = worker.start({ quiet: true, onUnhandledRequest: 'error' });
globalThis.streamInto = async (input) => {
  const client = new OpenAI({ baseURL: ${JSON.stringify(BASE_URL)}, apiKey: 'sk-mock-user', dangerouslyAllowBrowser: true, maxRetries: 0 });
  const answer = document.body.appendChild(document.createElement('p'));
  const seen = [];
  const observer = new MutationObserver(() => seen.push(answer.textContent));
  observer.observe(answer, { childList: true, characterData: true, subtree: true });
  const stream = await client.responses.create({ model: 'openai/gpt-4o', input, stream: true });
  const arrivals = [];
  for await (const event of stream) {
    if (event.type !== 'response.output_text.delta') continue;
    arrivals.push(performance.now());
    answer.append(event.delta);
    // A frame between tokens, as a UI gives the browser the chance to paint.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  observer.disconnect();
  return { text: answer.textContent, seen, arrivals, violations: mock.responseViolations };
};
`;

let chromium: WorkerPage;
let page: Page;
const answeredBy: string[] = [];

beforeAll(async () => {
  chromium = await startWorkerPage(APP, 'started');
  page = chromium.page;
  chromium.browser.context.on('response', (response) => {
    if (response.url().startsWith(BASE_URL)) answeredBy.push(response.fromServiceWorker() ? 'worker' : 'network');
  });
}, 90_000);

afterAll(() => chromium?.close());

interface Streamed {
  text: string;
  seen: string[];
  arrivals: number[];
  violations: unknown[];
}

describe('the msw handlers behind a service worker in Chromium', () => {
  it('streams a paced answer into the DOM through the openai SDK, token after token', async () => {
    const got = await page.evaluate<Streamed>(`streamInto('tell me a long story')`);
    expect(got.text.startsWith('Once upon a time, in a valley')).toBe(true);
    expect(got.violations).toEqual([]);
    // The DOM showed the answer growing, not only whole.
    const partial = got.seen.filter((text) => text.length > 0 && text.length < got.text.length);
    expect(partial.length).toBeGreaterThan(10);
    // Tokens arrived over time: at the paced rate, not all at once.
    const spanMs = got.arrivals.at(-1)! - got.arrivals[0]!;
    expect(spanMs).toBeGreaterThanOrEqual(((got.arrivals.length - 1) / TOKENS_PER_SECOND) * 1000 * 0.5);
    expect(answeredBy.length).toBeGreaterThan(0);
    expect(answeredBy.every((by) => by === 'worker')).toBe(true);
  });

  it('closes a JSON answer mid-body as node does: its first half of the bytes, then the read fails', async () => {
    const got = await page.evaluate<{ whole: number; status: number; text: string; failure: string }>(`(async () => {
      const post = () => fetch(${JSON.stringify(`${BASE_URL}/responses`)}, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Tell me a story about a lighthouse.' }),
      });
      const whole = (await (await post()).text()).length;
      mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { network: 'close-mid-body' } });
      const response = await post();
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let text = '';
      let failure = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
        }
      } catch (error) {
        failure = String(error);
      }
      mock.reset();
      return { whole, status: response.status, text, failure };
    })()`);
    expect(got.status).toBe(200);
    expect(got.failure).toMatch(/TypeError/);
    expect(got.text.startsWith('{"')).toBe(true);
    expect(got.text.length).toBeGreaterThan(got.whole / 4);
    expect(got.text.length).toBeLessThan(got.whole);
  });

  it("rejects a reset's fetch with the browser's network TypeError, not a 500 from the worker", async () => {
    const failure = await page.evaluate<string>(`(async () => {
      mock.scenarios.add({ match: { operation: 'getModel' }, respond: { network: 'reset' } });
      try {
        const response = await fetch(${JSON.stringify(`${BASE_URL}/model/openai/gpt-4o`)}, {
          headers: { authorization: 'Bearer sk-mock-user' },
        });
        return 'answered ' + response.status;
      } catch (error) {
        return error.name;
      } finally {
        mock.reset();
      }
    })()`);
    expect(failure).toBe('TypeError');
  });

  it('says in one line, not a stack trace, that Prefer scenarios need the node server', async () => {
    const got = await page.evaluate<{ status: number; message: string }>(`(async () => {
      const response = await fetch(${JSON.stringify(`${BASE_URL}/responses`)}, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json', prefer: 'code=429' },
        body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hello' }),
      });
      return { status: response.status, message: (await response.json()).error.message };
    })()`);
    expect(got.status).toBe(501);
    expect(got.message).toMatch(/^Prefer: .*Prism.*node server/);
    expect(got.message).not.toMatch(/\n|\bat \w+ \(/);
  });
});
