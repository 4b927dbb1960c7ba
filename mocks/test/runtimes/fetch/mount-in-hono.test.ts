/**
 * createFetchHandler mounted as users mount it: in a Hono app (`app.fetch`, no port) and as a
 * Next.js-style route handler (`export async function POST(request: Request)`), driven by the
 * openai SDK through the app's fetch, so nothing listens for the mock.
 */
import { Hono } from 'hono';
import OpenAI from 'openai';
import { createFetchHandler } from '../../../index';
import { USER_KEY } from '../../helpers/sample-requests';
import { contractStreamProblems, parseSse } from '../../helpers/stream-helpers';

/** The openai SDK with its requests handed to `fetchFn` instead of the network. */
function sdkThrough(fetchFn: (request: Request) => Response | Promise<Response>, baseURL: string): OpenAI {
  return new OpenAI({
    apiKey: USER_KEY,
    baseURL,
    maxRetries: 0,
    fetch: (input, init) => Promise.resolve(fetchFn(new Request(input as string | URL | Request, init))),
  });
}

describe('createFetchHandler in a Hono app', () => {
  const mock = createFetchHandler({ options: { validateResponses: true } });
  const app = new Hono();
  app.get('/health', (c) => c.text('app ok'));
  app.all('/api/v1/*', (c) => mock(c.req.raw));
  app.all('/__mock/*', (c) => mock(c.req.raw));
  const openai = sdkThrough((request) => app.fetch(request), 'http://app.test/api/v1');

  afterEach(() => {
    expect(mock.responseViolations).toEqual([]);
  });

  it('answers responses.create through the app, next to its own routes', async () => {
    const response = await openai.responses.create({ model: 'openai/gpt-4o', input: 'Say hello.' });
    expect(response.status).toBe('completed');
    expect(response.output_text.length).toBeGreaterThan(0);
    expect(await (await app.request('/health')).text()).toBe('app ok');
  });

  it('streams a paced response whose events pass the stream oracle', async () => {
    const started = Date.now();
    const res = await app.request('/api/v1/responses', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${USER_KEY}`,
        'content-type': 'application/json',
        'x-mock-first-token-delay-ms': '150',
      },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Say hello.', stream: true }),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const { events, done } = parseSse(await res.text());
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(done).toBe(true);
    expect(contractStreamProblems(events)).toEqual([]);
  });

  it('streams through the SDK, event by event', async () => {
    const types: string[] = [];
    const stream = await openai.responses.create({ model: 'openai/gpt-4o', input: 'Say hello.', stream: true });
    for await (const event of stream) types.push(event.type);
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
  });

  it('answers errors in the envelope, and its admin endpoints, through the app', async () => {
    await expect(openai.models.list()).rejects.toMatchObject({ status: 404 });
    const missing = await app.request('/api/v1/model/nobody/nothing', {
      headers: { authorization: `Bearer ${USER_KEY}` },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 404 } });
    const reset = await app.request('/__mock/reset', { method: 'POST' });
    expect(await reset.json()).toEqual({ reset: true });
  });
});

describe('createFetchHandler as a Next.js route handler', () => {
  const mock = createFetchHandler();
  // app/api/v1/[...path]/route.ts would export these.
  async function GET(request: Request): Promise<Response> {
    return mock(request);
  }
  async function POST(request: Request): Promise<Response> {
    return mock(request);
  }
  const route = (request: Request): Promise<Response> => (request.method === 'GET' ? GET(request) : POST(request));
  const openai = sdkThrough(route, 'http://localhost:3000/api/v1');

  it('answers responses.create and a model lookup', async () => {
    const response = await openai.responses.create({ model: 'openai/gpt-4o', input: 'Say hello.' });
    expect(response.object).toBe('response');
    const model = await GET(
      new Request('http://localhost:3000/api/v1/model/openai/gpt-4o', {
        headers: { authorization: `Bearer ${USER_KEY}` },
      }),
    );
    expect(((await model.json()) as { data: { id: string } }).data.id).toBe('openai/gpt-4o');
  });

  it('keeps its own state, which a reset puts back: the ids start again', async () => {
    const ask = () => openai.responses.create({ model: 'openai/gpt-4o', input: 'Say hello.' });
    mock.reset();
    const first = await ask();
    const second = await ask();
    expect(second.id).not.toBe(first.id);
    mock.reset();
    const afterReset = await ask();
    expect(afterReset.output[0]?.id).toBe(first.output[0]?.id);
    expect(mock.store.requests.list()).toHaveLength(1);
  });
});
