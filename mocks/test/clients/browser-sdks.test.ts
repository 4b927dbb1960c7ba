/**
 * The `openai` SDK (`dangerouslyAllowBrowser: true`) and OpenRouter's SDK in a real browser page
 * served from another origin than the mock's, so every call goes through CORS as in a frontend
 * app: the preflight with the SDKs' own headers (x-stainless-*, HTTP-Referer, X-OpenRouter-Title),
 * the answer headers the SDKs read, streams over fetch + ReadableStream, aborts and restarts.
 * Expressions run inside the page are strings: this project's TypeScript has no DOM library.
 */
import type { Page } from 'playwright-core';
import { createMockServer } from '../../index';
import type { MockServer } from '../../index';
import { launchChromium } from '../../../kit/test/support/headless-chromium';
import type { HeadlessChromium } from '../../../kit/test/support/headless-chromium';
import type { StandInServer } from '../../../kit/test/support/stand-in-server';
import { bundleForBrowser } from './browser/bundle';
import { adminView, nextAnswerDone } from './browser/mock-signals';
import { openPage, startPageApp } from './browser/page-app';

const CLIENTS = `
import OpenAI from 'openai';
import { OpenRouter } from '@openrouter/sdk';
globalThis.OpenAI = OpenAI;
globalThis.OpenRouter = OpenRouter;
`;
const PACING = { firstTokenDelayMs: 0, tokensPerSecond: 0 };

let browser: HeadlessChromium;
let app: StandInServer;
let mock: MockServer;
let baseUrl: string;
let page: Page;

async function startMockOn(port = 0): Promise<void> {
  mock = createMockServer({ options: { pacing: PACING, validateResponses: true } });
  baseUrl = await mock.listen(port, '127.0.0.1');
}

/** Runs `body` in the page with `openai` (an OpenAI client on the mock) and `origin` defined. */
function inPage<T>(targetPage: Page, body: string): Promise<T> {
  return targetPage.evaluate<T>(`(async () => {
    const openai = new OpenAI({ baseURL: ${JSON.stringify(baseUrl)}, apiKey: 'sk-mock-user', dangerouslyAllowBrowser: true, maxRetries: 0 });
    ${body}
  })()`);
}

beforeAll(async () => {
  const [script, launched] = await Promise.all([
    bundleForBrowser(CLIENTS),
    launchChromium({ loopback: true }),
    startMockOn(),
  ]);
  browser = launched;
  app = await startPageApp(script);
  page = await openPage(browser, app);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await mock?.close(0);
});

afterEach(() => {
  expect(mock.responseViolations).toEqual([]);
  expect(browser.networkRequests).toEqual([]);
});

describe('the openai SDK in a page on another origin', () => {
  it('gets a JSON answer through the CORS preflight its x-stainless-* headers need, and reads X-Generation-Id', async () => {
    const got = await inPage<{ text: string; generation: string | null }>(
      page,
      `const { data, response } = await openai.responses.create({ model: 'openai/gpt-4o', input: 'hello' }).withResponse();
       return { text: data.output_text, generation: response.headers.get('x-generation-id') };`,
    );
    expect(got.text).toBe('Hello! How can I help you today?');
    expect(got.generation).toMatch(/^gen-/);
  });

  it('streams events through fetch and a ReadableStream, and the stream helper builds the final response', async () => {
    const got = await inPage<{ types: string[]; text: string; final: string }>(
      page,
      `const stream = await openai.responses.create({ model: 'openai/gpt-4o', input: 'hello', stream: true });
       const types = []; let text = '';
       for await (const event of stream) { types.push(event.type); if (event.type === 'response.output_text.delta') text += event.delta; }
       const final = await openai.responses.stream({ model: 'openai/gpt-4o', input: 'hello' }).finalResponse();
       return { types, text, final: final.output_text };`,
    );
    expect(got.types[0]).toBe('response.created');
    expect(got.types.at(-1)).toBe('response.completed');
    expect(got.text).toBe('Hello! How can I help you today?');
    expect(got.final).toBe(got.text);
  });

  it('reads Retry-After and the rate-limit headers of a 429 asked for with Prefer', async () => {
    const got = await inPage<{ name: string; status: number; headers: Record<string, string | null> }>(
      page,
      `try { await openai.responses.create({ model: 'openai/gpt-4o', input: 'hello' }, { headers: { Prefer: 'code=429' } }); }
       catch (error) {
         const read = (name) => error.headers.get(name);
         return { name: error.constructor.name, status: error.status, headers: Object.fromEntries(
           ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].map((name) => [name, read(name)])) };
       }`,
    );
    expect(got).toMatchObject({ name: 'RateLimitError', status: 429 });
    for (const value of Object.values(got.headers)) expect(value).toMatch(/^\d+$/);
  });

  it('frees the stream on the mock when the page aborts it mid-answer', async () => {
    const done = nextAnswerDone(mock);
    const got = await inPage<{ completed: boolean; aborted: boolean }>(
      page,
      `const controller = new AbortController();
       const stream = await openai.responses.create(
         { model: 'openai/gpt-4o', input: 'tell me a long story', stream: true },
         { signal: controller.signal, headers: { 'x-mock-tokens-per-second': '20' } });
       let deltas = 0;
       let completed = false;
       for await (const event of stream) {
         if (event.type === 'response.output_text.delta' && ++deltas === 3) controller.abort();
         if (event.type === 'response.completed') completed = true;
       }
       return { completed, aborted: controller.signal.aborted };`,
    );
    expect(got).toEqual({ completed: false, aborted: true });
    await done;
    const view = await adminView(new URL(baseUrl).origin);
    expect(view.running).toBe(0);
    expect(view.newest).toMatchObject({ status: 200, aborted: true });
  });

  it('keeps its connection alive across many calls, preflights included', async () => {
    let connections = 0;
    const count = (): void => {
      connections += 1;
    };
    mock.server.on('connection', count);
    await inPage(
      page,
      `for (let i = 0; i < 20; i++) await openai.responses.create({ model: 'openai/gpt-4o', input: 'hello' }, { headers: { 'x-call': String(i) } });`,
    );
    mock.server.off('connection', count);
    expect(connections).toBeLessThanOrEqual(2);
  });

  it('streams in two tabs at once', async () => {
    const second = await openPage(browser, app);
    const story = `const stream = await openai.responses.create({ model: 'openai/gpt-4o', input: 'tell me a long story', stream: true },
         { headers: { 'x-mock-tokens-per-second': '400' } });
       let text = ''; for await (const event of stream) if (event.type === 'response.output_text.delta') text += event.delta;
       return text;`;
    const [one, two] = await Promise.all([inPage<string>(page, story), inPage<string>(second, story)]);
    await second.close();
    expect(one.startsWith('Once upon a time')).toBe(true);
    expect(two).toBe(one);
  });

  it('sees a restart of the mock mid-stream as an APIError, then works with the new mock on the same port', async () => {
    const port = Number(new URL(baseUrl).port);
    await inPage(
      page,
      `let streaming;
       const firstDelta = new Promise((resolve) => { streaming = resolve; });
       globalThis.held = (async () => {
         const stream = await openai.responses.create({ model: 'openai/gpt-4o', input: 'tell me a long story', stream: true },
           { headers: { 'x-mock-tokens-per-second': '20' } });
         try { for await (const event of stream) if (event.type === 'response.output_text.delta') streaming(); return 'ended'; }
         catch (error) { return error.constructor.name + ': ' + error.message; }
       })();
       await firstDelta;`,
    );
    await mock.close(0);
    await expect(page.evaluate<string>('globalThis.held')).resolves.toMatch(
      /APIError: The mock gateway is shutting down/,
    );
    await startMockOn(port);
    await expect(
      inPage<string>(
        page,
        `return (await openai.responses.create({ model: 'openai/gpt-4o', input: 'hello' })).output_text;`,
      ),
    ).resolves.toBe('Hello! How can I help you today?');
  });
});

describe("OpenRouter's SDK in a page on another origin", () => {
  const client = () =>
    `const openrouter = new OpenRouter({ serverURL: ${JSON.stringify(baseUrl)}, apiKey: 'sk-mock-user', httpReferer: 'http://app.test', appTitle: 'App' });`;

  it('streams with its attribution headers through the preflight', async () => {
    const types = await page.evaluate<string[]>(`(async () => { ${client()}
      const stream = await openrouter.beta.responses.send({ responsesRequest: { model: 'openai/gpt-4o', input: 'hello', stream: true } });
      const types = []; for await (const event of stream) types.push(event.type); return types; })()`);
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
  });

  it('raises TooManyRequestsResponseError with Retry-After readable', async () => {
    const got = await page.evaluate<{ name: string; retryAfter: string | null }>(`(async () => { ${client()}
      try { await openrouter.beta.responses.send({ responsesRequest: { model: 'openai/gpt-4o', input: 'hello' } }, { headers: { Prefer: 'code=429' } }); }
      catch (error) { return { name: error.constructor.name, retryAfter: error.headers.get('retry-after') }; } })()`);
    expect(got).toEqual({ name: 'TooManyRequestsResponseError', retryAfter: '1' });
  });
});
