/**
 * The body path answers in the turn the body ends, by callbacks rather than promises; whatever
 * fails on the way (thrown at once, thrown after a Prefer header was looked at, or rejected by a
 * stream later) still reaches the one place that sends the error envelope, and is logged once.
 */
import type { Handler, RequestContext } from '../../src/core/handler-types';
import { GatewayError } from '../../src/exchange/gateway-error';
import { createMockServer } from '../../src/runtimes/node/server';
import type { MockServer } from '../../src/runtimes/node/server';

const failures: Array<[string, Handler]> = [
  [
    'a GatewayError thrown by the handler',
    () => {
      throw new GatewayError(409, 'conflict on purpose');
    },
  ],
  [
    'a bug thrown by the handler',
    () => {
      throw new TypeError('bug on purpose');
    },
  ],
  ['a rejected promise', () => Promise.reject(new TypeError('bug on purpose'))],
];

describe('the body path', () => {
  let mock: MockServer;
  let baseUrl: string;
  let handler: Handler;
  const logged: string[] = [];

  beforeAll(async () => {
    mock = createMockServer({
      handlers: { createResponse: (ctx: RequestContext) => handler(ctx) },
      options: { log: (line) => logged.push(line) },
    });
    baseUrl = await mock.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    await mock.close();
  });

  beforeEach(() => {
    logged.length = 0;
  });

  const post = (headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Hello' }),
    });

  describe.each([
    ['without a Prefer header', {}],
    // No scenario asked: the ordinary path runs inside the callback of the Prefer handler's promise.
    ['after a Prefer header that asks for no scenario', { prefer: 'return=minimal' }],
  ])('%s', (_name, headers) => {
    it.each(failures)('answers %s with the error envelope', async (name, failing) => {
      handler = failing;
      const res = await post(headers);
      const expected = name.startsWith('a GatewayError') ? 409 : 500;
      expect(res.status).toBe(expected);
      const body = (await res.json()) as { error: { code: number } };
      expect(body.error.code).toBe(expected);
      expect(logged.filter((line) => line.startsWith('internal error'))).toHaveLength(expected === 500 ? 1 : 0);
    });
  });

  it('writes each POST to the request log once, with the status it was answered', async () => {
    mock.store.requests.clear();
    handler = () => ({ status: 200, body: { ok: true } });
    await (await post()).text();
    handler = failures[0]?.[1] as Handler;
    await (await post()).text();
    // Newest first.
    expect(mock.store.requests.list().map((r) => [r.method, r.status])).toEqual([
      ['POST', 409],
      ['POST', 200],
    ]);
  });
});
