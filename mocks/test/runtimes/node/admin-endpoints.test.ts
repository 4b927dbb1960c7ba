import { createFetchHandler } from '../../../src/runtimes/node/create-fetch-handler';
import type { AdminEndpoint } from '../../../src/core/stages/admin';

/** Answers GET /__mock/hello with 200 "hello", and nothing else. */
const hello: AdminEndpoint = (request, reply, path) => {
  if (path !== '/__mock/hello') return false;
  reply.send(200, ['content-type', 'text/plain'], 'hello');
  return true;
};

describe('extra /__mock endpoints', () => {
  it('answers with the adminEndpoints a node mock is given', async () => {
    const mock = createFetchHandler({ adminEndpoints: [hello] });
    const answer = await mock(new Request('http://127.0.0.1/__mock/hello'));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('hello');
  });

  it('still takes them under their former name, adminRoutes', async () => {
    const mock = createFetchHandler({ adminRoutes: [hello] });
    const answer = await mock(new Request('http://127.0.0.1/__mock/hello'));
    expect(await answer.text()).toBe('hello');
  });

  it('answers 404 for a /__mock path no endpoint takes', async () => {
    const mock = createFetchHandler({ adminEndpoints: [hello] });
    expect((await mock(new Request('http://127.0.0.1/__mock/goodbye'))).status).toBe(404);
  });
});
