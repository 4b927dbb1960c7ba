/**
 * A page that calls the mock through its dev server's `/api` proxy (same origin, no CORS), the
 * setup of a Vite or webpack-dev-server app: the events must reach the page as the mock sends
 * them, not all at once at the end, also when the dev server compresses its answers.
 * Expressions run inside the page are strings: this project's TypeScript has no DOM library.
 */
import { startInProcessMock } from '../../index';
import type { RunningMock } from '../../index';
import { launchChromium } from '../../../kit/test/support/headless-chromium';
import type { HeadlessChromium } from '../../../kit/test/support/headless-chromium';
import type { StandInServer } from '../../../kit/test/support/stand-in-server';
import { devProxy } from './browser/dev-proxy';
import { openPage, startPageApp } from './browser/page-app';

let browser: HeadlessChromium;
let mock: RunningMock;
const apps: StandInServer[] = [];

beforeAll(async () => {
  [browser, mock] = await Promise.all([launchChromium({ loopback: true }), startInProcessMock()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const app of apps) await app.close();
  await mock?.close();
});

interface Reads {
  /** The events each read of the body brought, in order. */
  readonly reads: string[][];
  readonly contentEncoding: string | null;
}

/** Streams an answer through the app's `/api` and notes which events each read of the body brought. */
async function streamThrough(compress: boolean): Promise<Reads> {
  const app = await startPageApp('', [devProxy(new URL(mock.baseUrl).origin, { compress })]);
  apps.push(app);
  const page = await openPage(browser, app);
  return page.evaluate<Reads>(`(async () => {
    const res = await fetch('/api/v1/responses', {
      method: 'POST',
      headers: { Authorization: 'Bearer sk-mock-user', 'Content-Type': 'application/json', 'x-mock-tokens-per-second': '50' },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hello', stream: true }),
    });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const reads = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads.push([...decoder.decode(value, { stream: true }).matchAll(/^data: \\{"type":"([a-z_.]+)"/gm)].map((m) => m[1]));
    }
    return { reads, contentEncoding: res.headers.get('content-encoding') };
  })()`);
}

/** The read that brought the first text delta did not also bring the end of the answer. */
function deltaCameBeforeTheEnd({ reads }: Reads): boolean {
  const first = reads.find((events) => events.includes('response.output_text.delta'));
  return first !== undefined && !first.includes('response.completed');
}

describe('the mock behind a dev server proxy', () => {
  it('streams each event to the page as it is sent through a plain proxy', async () => {
    const got = await streamThrough(false);
    expect(deltaCameBeforeTheEnd(got)).toBe(true);
    expect(got.reads.flat().at(-1)).toBe('response.completed');
  });

  it('is left uncompressed by compression middleware, so events are not held back to the end', async () => {
    const got = await streamThrough(true);
    expect(got.contentEncoding).toBeNull();
    expect(deltaCameBeforeTheEnd(got)).toBe(true);
    expect(got.reads.flat().at(-1)).toBe('response.completed');
  });
});
