/**
 * docs/browser-tests.md shows only code that runs: each of its code blocks is a file of
 * docs/examples/ (the doc says which, and must show it whole), and each of those runs here or as
 * its own test (chat.msw.test.ts is one). In Chromium, the app starts the mock gateway through the
 * Storybook preview's loader (which starts msw's worker with browser-mocks.ts), and the Playwright
 * steps drive its page.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { askAndReadTheAnswer } from '../../../../docs/examples/playwright-chat';
import { startWorkerPage } from './worker-page';
import type { WorkerPage } from './worker-page';

const DOCS = path.join(__dirname, '..', '..', '..', '..', 'docs');
const EXAMPLES = path.join(DOCS, 'examples');
const doc = readFileSync(path.join(DOCS, 'browser-tests.md'), 'utf8');

/** Every fenced block of the doc, with the example file named on the line before it. */
function blocks(): Array<{ file: string | undefined; code: string }> {
  const found: Array<{ file: string | undefined; code: string }> = [];
  const fence = /(?:<!-- example: (\S+) -->\n)?```\w*\n([\s\S]*?)```/g;
  for (const match of doc.matchAll(fence)) found.push({ file: match[1], code: match[2]! });
  return found;
}

/** A chat box as an app renders it: the Storybook loader has started the gateway before. */
const APP = `
import OpenAI from 'openai';
import { loaders } from './docs/examples/storybook-preview';

globalThis.ready = (async () => {
  for (const load of loaders) await load();
  const input = document.body.appendChild(document.createElement('input'));
  const send = document.body.appendChild(document.createElement('button'));
  send.textContent = 'Send';
  const answer = document.body.appendChild(document.createElement('output'));
  answer.setAttribute('role', 'status');
  const openai = new OpenAI({ baseURL: 'https://gateway.test/api/v1', apiKey: 'sk-mock-user', dangerouslyAllowBrowser: true });
  send.addEventListener('click', async () => {
    answer.textContent = '';
    const stream = await openai.responses.create({ model: 'openai/gpt-4o', input: input.value, stream: true });
    for await (const event of stream) if (event.type === 'response.output_text.delta') answer.append(event.delta);
  });
})();
`;

describe('docs/browser-tests.md', () => {
  it('shows every example of docs/examples/ whole, and no code that is not one', () => {
    const shown = blocks();
    expect(shown.filter((block) => block.file === undefined).map((block) => block.code)).toEqual([]);
    for (const { file, code } of shown) expect(code).toBe(readFileSync(path.join(DOCS, '..', file!), 'utf8'));
    expect(shown.map((block) => path.basename(block.file!)).sort()).toEqual(readdirSync(EXAMPLES).sort());
  });

  describe('in Chromium: the Storybook loader starts the worker, the Playwright steps drive the page', () => {
    let chromium: WorkerPage;

    beforeAll(async () => {
      chromium = await startWorkerPage(APP, 'ready');
    }, 90_000);

    afterAll(() => chromium?.close());

    it('answers the chat from the service worker', async () => {
      expect(await askAndReadTheAnswer(chromium.page)).toBe('Hello! How can I help you today?');
    });
  });
});
