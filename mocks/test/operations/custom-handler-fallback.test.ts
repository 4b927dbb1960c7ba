/** docs/mock.md "A handler of your own, falling back to the built-in one": the example, as written there. */
import { createMockServer, HANDLERS } from '../../index';
import type { Handler, MockServer } from '../../index';

// Models of one author answer "not available yet"; every other request is the built-in answer.
const getModel: Handler = (ctx) =>
  ctx.pathParams.author === 'acme'
    ? {
        status: 404,
        body: { error: { code: 404, message: `${ctx.pathParams.author}/${ctx.pathParams.slug} is not available yet` } },
      }
    : HANDLERS.getModel(ctx);

let mock: MockServer;
let baseUrl: string;

beforeAll(async () => {
  mock = createMockServer({ handlers: { getModel }, options: { validateResponses: true } });
  baseUrl = await mock.listen();
});

afterAll(() => mock.close());

const get = (id: string) => fetch(`${baseUrl}/model/${id}`, { headers: { Authorization: 'Bearer sk-mock-user' } });

describe('a handler of your own that falls back to the built-in one', () => {
  it('answers what it handles itself', async () => {
    const res = await get('acme/rocket-1');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 404, message: 'acme/rocket-1 is not available yet' } });
  });

  it('leaves everything else to the built-in handler', async () => {
    const res = await get('openai/gpt-4o');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { id: string } }).data.id).toBe('openai/gpt-4o');
    expect((await get('openai/nope')).status).toBe(404);
    expect(mock.responseViolations).toEqual([]);
  });
});
