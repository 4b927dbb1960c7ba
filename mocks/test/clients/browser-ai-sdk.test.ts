/**
 * The Vercel AI SDK as a frontend team uses it: a route handler (`streamText(...)
 * .toUIMessageStreamResponse()`) talks to the mock, and the page reads the UI message stream with
 * the SDK's own `DefaultChatTransport` and `readUIMessageStream` (what `useChat` runs on): text, a
 * multi-step tool flow, an abort from the page that must free the mock's stream, and a 429.
 * Expressions run inside the page are strings: this project's TypeScript has no DOM library.
 */
import type { Page } from 'playwright-core';
import { startInProcessMock } from '../../index';
import type { RunningMock } from '../../index';
import { launchChromium } from '../../../kit/test/support/headless-chromium';
import type { HeadlessChromium } from '../../../kit/test/support/headless-chromium';
import type { StandInServer } from '../../../kit/test/support/stand-in-server';
import { bundleForBrowser } from './browser/bundle';
import { chatRoute } from './browser/chat-route';
import type { ChatRouteLog } from './browser/chat-route';
import { adminView, nextAnswerDone } from './browser/mock-signals';
import { openPage, startPageApp } from './browser/page-app';

const CHAT = `
import { DefaultChatTransport, readUIMessageStream } from 'ai';
globalThis.chat = async (text, { headers, abortAfterDeltas } = {}) => {
  const transport = new DefaultChatTransport({ api: '/api/chat', headers });
  const controller = new AbortController();
  const chunks = [];
  let deltas = 0;
  const stream = await transport.sendMessages({
    chatId: 'chat-1', trigger: 'submit-message', messageId: undefined, abortSignal: controller.signal,
    messages: [{ id: 'user-1', role: 'user', parts: [{ type: 'text', text }] }],
  });
  const seen = stream.pipeThrough(new TransformStream({ transform(chunk, out) {
    chunks.push(chunk);
    if (chunk.type === 'text-delta' && ++deltas === abortAfterDeltas) controller.abort();
    out.enqueue(chunk);
  } }));
  let message;
  try { for await (const m of readUIMessageStream({ stream: seen })) message = m; }
  catch (error) { if (!controller.signal.aborted) throw error; }
  return {
    parts: (message?.parts ?? []).map((p) => p.type === 'text' ? 'text: ' + p.text : p.state ? p.type + ': ' + p.state : p.type),
    errors: chunks.filter((c) => c.type === 'error').map((c) => c.errorText),
    aborted: controller.signal.aborted,
  };
};
`;

interface ChatResult {
  parts: string[];
  errors: string[];
  aborted: boolean;
}

let browser: HeadlessChromium;
let mock: RunningMock;
let app: StandInServer;
let page: Page;
const log: ChatRouteLog = { aborted: false };

const chat = (text: string, options: { headers?: Record<string, string>; abortAfterDeltas?: number } = {}) =>
  page.evaluate<ChatResult>(`chat(${JSON.stringify(text)}, ${JSON.stringify(options)})`);

beforeAll(async () => {
  let script: string;
  [browser, mock, script] = await Promise.all([
    launchChromium({ loopback: true }),
    startInProcessMock({ options: { pacing: { firstTokenDelayMs: 0, tokensPerSecond: 0 } } }),
    bundleForBrowser(CHAT),
  ]);
  app = await startPageApp(script, [chatRoute(mock.baseUrl, log)]);
  page = await openPage(browser, app);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await mock?.close();
});

describe('the AI SDK: a route handler on the mock, its UI message stream in the page', () => {
  it('streams a text answer into the UI message', async () => {
    await expect(chat('hello')).resolves.toEqual({
      parts: ['step-start', 'text: Hello! How can I help you today?'],
      errors: [],
      aborted: false,
    });
  });

  it('runs a multi-step tool flow (stopWhen) and shows the call, its output and the answer', async () => {
    await expect(chat('What is the weather in Paris?')).resolves.toEqual({
      parts: [
        'step-start',
        'tool-get_weather: output-available',
        'step-start',
        'text: get_weather returned {"city":"Paris","celsius":21}.',
      ],
      errors: [],
      aborted: false,
    });
  });

  it('frees the mock stream when the page aborts mid-answer', async () => {
    const done = nextAnswerDone(mock.mock);
    const got = await chat('tell me a long story', {
      headers: { 'x-mock-tokens-per-second': '20' },
      abortAfterDeltas: 3,
    });
    expect(got.aborted).toBe(true);
    await done;
    expect(log.aborted).toBe(true);
    const view = await adminView(new URL(mock.baseUrl).origin);
    expect(view.running).toBe(0);
    expect(view.newest).toMatchObject({ status: 200, aborted: true });
  });

  it('surfaces a 429 asked for with Prefer as an error part with the status and Retry-After', async () => {
    const got = await chat('hello', { headers: { 'x-prefer': 'code=429' } });
    expect(got.errors).toEqual(['429: Rate limit exceeded (retry after 1 s)']);
  });
});
