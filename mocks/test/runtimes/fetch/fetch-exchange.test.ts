/** The fetch adapter's request view and reply sink, on their own and under the core. */
import { FetchExchange } from '../../../src/runtimes/fetch/fetch-exchange';
import { createFetchHandler } from '../../../index';
import { USER_KEY } from '../../helpers/sample-requests';

const post = (body: string, init: RequestInit = {}) =>
  new Request('http://mock.test/api/v1/responses', { method: 'POST', body, ...init });

describe('the fetch reply sink', () => {
  it('holds a bounded amount for a reader that does not read, and drains once the reader has taken it', async () => {
    const exchange = new FetchExchange(post('{}'));
    const sink = exchange.stream(200, ['content-type', 'text/event-stream']);
    let writes = 0;
    while (sink.write('x'.repeat(1024))) writes++;
    expect(writes).toBeLessThan(32); // about 16 KiB held, then the core is told to wait
    const drained = new Promise<void>((resolve) => sink.onDrain(resolve));
    const reader = (await exchange.response).body!.getReader();
    let drainedYet = false;
    void drained.then(() => (drainedYet = true));
    for (let read = 0; read <= writes; read++) await reader.read(); // every chunk held, the last write's too
    expect(drainedYet).toBe(false);
    void reader.read(); // a reader waiting on an empty queue is the drain
    await drained;
  });

  it('tells the core when its client cancels the stream', async () => {
    const exchange = new FetchExchange(post('{}'));
    const closed = new Promise<boolean>((resolve) => exchange.onClose(resolve));
    exchange.stream(200, ['content-type', 'text/event-stream']);
    await (await exchange.response).body!.cancel();
    expect(await closed).toBe(true);
    expect(exchange.closed).toBe(true);
  });

  it("tells the core when the request's signal aborts", async () => {
    const controller = new AbortController();
    const exchange = new FetchExchange(post('{}', { signal: controller.signal }));
    const closed = new Promise<boolean>((resolve) => exchange.onClose(resolve));
    controller.abort();
    expect(await closed).toBe(true);
  });

  it('cuts before any byte as a rejected fetch, and mid-stream as a failing body', async () => {
    const before = new FetchExchange(post('{}'));
    before.cut('reset');
    await expect(before.response).rejects.toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNRESET' } });
    const during = new FetchExchange(post('{}'));
    during.stream(200, ['content-type', 'text/event-stream']).write('data: 1\n\n');
    during.cut('close');
    await expect((await during.response).text()).rejects.toThrow();
  });

  it('sends no body for a HEAD request or a 204, and the status and headers as given', async () => {
    const head = new FetchExchange(new Request('http://mock.test/x', { method: 'HEAD' }));
    head.setHeader('Vary', 'Origin');
    head.send(200, ['content-type', 'application/json'], '{"a":1}');
    const answer = await head.response;
    expect(answer.body).toBeNull();
    expect(answer.headers.get('vary')).toBe('Origin');
    const empty = new FetchExchange(new Request('http://mock.test/x', { method: 'OPTIONS' }));
    empty.send(204, [], '');
    expect((await empty.response).status).toBe(204);
  });

  it('reads the path and query as sent, and the headers by lower-case name', () => {
    const exchange = new FetchExchange(
      new Request('http://mock.test:8080/api/v1/model/a%3Ab?x=1', { headers: { 'X-Title': 'app' } }),
    );
    expect(exchange.url).toBe('/api/v1/model/a%3Ab?x=1');
    expect(exchange.headers['x-title']).toBe('app');
  });
});

describe('the fetch handler', () => {
  it('stops a stream whose client cancels it, and logs it as aborted', async () => {
    const mock = createFetchHandler();
    const res = await mock(
      post(JSON.stringify({ model: 'openai/gpt-4o', input: 'Say hello.', stream: true }), {
        headers: {
          authorization: `Bearer ${USER_KEY}`,
          'content-type': 'application/json',
          'x-mock-first-token-delay-ms': '600000',
        },
      }),
    );
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(mock.store.requests.list()).toMatchObject([{ operationId: 'createResponse', aborted: true }]);
    const state = (await (await mock(new Request('http://mock.test/__mock/state'))).json()) as {
      running_streams: number;
    };
    expect(state.running_streams).toBe(0);
  });

  it('refuses a streamed body past the limit with 413 before reading it all', async () => {
    const mock = createFetchHandler({ options: { bodyLimitBytes: 1024 } });
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(512).fill(0x20));
      },
    });
    const res = await mock(
      new Request('http://mock.test/api/v1/responses', {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { authorization: `Bearer ${USER_KEY}`, 'content-type': 'application/json' },
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });
});
