/**
 * setupMockGateway fails requests no handler takes, on each msw major: msw 2 reads
 * `onUnhandledRequest`, msw 3 only `onUnhandledFrame` (the old name is ignored there, and a stray
 * request would reach the network). The stray request goes to a real server on 127.0.0.1, so a
 * request that slipped through would be answered 200.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestHooks } from '../../../msw-node';
import { loadMswLine, MSW_BASE, MSW_LINES, mswName } from './surfaces';

const elsewhere = createServer((_request, response) => response.end('reached'));
let strayUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  strayUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/stray`;
});
afterAll(() => new Promise((resolve) => elsewhere.close(resolve)));

/** Hooks run by hand: the test decides when the server listens and closes. */
function manualHooks() {
  const given: Partial<Record<keyof TestHooks, () => unknown>> = {};
  const hooks: TestHooks = {
    beforeAll: (fn) => void (given.beforeAll = fn),
    afterEach: (fn) => void (given.afterEach = fn),
    afterAll: (fn) => void (given.afterAll = fn),
  };
  return { hooks, listen: () => given.beforeAll?.(), close: () => given.afterAll?.() };
}

describe.each(MSW_LINES.map((line) => [mswName(line), line] as const))('on %s', (_name, line) => {
  const { setupMockGateway } = loadMswLine(line);

  it('makes a request no handler takes fail instead of reaching the network', async () => {
    const { hooks, listen, close } = manualHooks();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setupMockGateway({ baseUrl: MSW_BASE, hooks });
    await listen();
    try {
      await expect(fetch(strayUrl)).rejects.toThrow();
      expect(error.mock.calls.flat().join(' ')).toContain('/stray');
    } finally {
      await close();
      error.mockRestore();
    }
  });

  it("lets the request through when the given listen options say 'bypass'", async () => {
    const { hooks, listen, close } = manualHooks();
    const listenOptions = line === 'msw' ? { onUnhandledRequest: 'bypass' } : { onUnhandledFrame: 'bypass' };
    setupMockGateway({ baseUrl: MSW_BASE, hooks, listen: listenOptions as never });
    await listen();
    try {
      expect(await (await fetch(strayUrl)).text()).toBe('reached');
    } finally {
      await close();
    }
  });
});
