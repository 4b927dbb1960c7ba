import { setupServer } from 'msw/node';
import type { SetupServer } from 'msw/node';
import { handlersFor } from './create-handlers';
import { unhandledOption } from './msw-major';
import type { MockHandlers, MockHandlersInit } from './create-handlers';

type Hook = (fn: () => unknown) => unknown;

/** The test runner's hooks: Jest's globals, or Vitest's (`import { beforeAll, afterEach, afterAll } from 'vitest'`). */
export interface TestHooks {
  readonly beforeAll: Hook;
  readonly afterEach: Hook;
  readonly afterAll: Hook;
}

export interface MockGatewayInit extends MockHandlersInit {
  /** The runner's hooks; by default the globals (Jest, Vitest with `globals: true`). */
  readonly hooks?: TestHooks;
  /**
   * msw's `listen` options. Requests no handler takes fail unless these say otherwise:
   * `onUnhandledFrame: 'error'` on msw 3, `onUnhandledRequest: 'error'` on msw 2 (each major
   * reads only its own name).
   */
  readonly listen?: Parameters<SetupServer['listen']>[0];
}

/** The mock's handlers, served by their own msw server for the whole test file. */
export interface MockGateway extends MockHandlers {
  /** msw's server: `gateway.server.use(http.post(...))` adds the app's own routes for one test. */
  readonly server: SetupServer;
}

/**
 * One call per test file: msw's server with the mock's handlers, listening before all tests,
 * reset after each (the mock's state, scenarios and journal, and handlers added with
 * `server.use`), closed after all. With msw 2 it also releases msw's copy of each of the mock's
 * answers, which msw 2 keeps unread for its `response:mocked` event: a client that cancels an
 * answer (the openai SDK before a retry) then completes, as with msw 3.
 *
 * @example
 * const gateway = setupMockGateway({ baseUrl: 'https://gateway.test/api/v1' });
 * it('shows a banner on 429', async () => {
 *   gateway.scenarios.add({ match: { operation: 'createResponse' }, respond: { status: 429 } });
 * });
 */
export function setupMockGateway(init: MockGatewayInit): MockGateway {
  const hooks = init.hooks ?? globalHooks();
  const mock = handlersFor(init);
  const server = setupServer(...mock);
  server.events.on('response:mocked', ({ request, response }) => {
    if (mock.owns(request.url)) response.body?.cancel().catch(() => undefined);
  });
  hooks.beforeAll(() => server.listen({ ...unhandledOption('error'), ...init.listen }));
  hooks.afterEach(() => {
    server.resetHandlers();
    mock.reset();
  });
  hooks.afterAll(() => server.close());
  return Object.assign(mock, { server });
}

function globalHooks(): TestHooks {
  const { beforeAll, afterEach, afterAll } = globalThis as Partial<TestHooks>;
  if (!beforeAll || !afterEach || !afterAll)
    throw new Error(
      "setupMockGateway found no global beforeAll/afterEach/afterAll: pass the runner's own, " +
        "setupMockGateway({ baseUrl, hooks: { beforeAll, afterEach, afterAll } }) (import them from 'vitest')",
    );
  return { beforeAll, afterEach, afterAll };
}
