/**
 * setupMockGateway's contract with a test runner, as Vitest without globals uses it: the hooks
 * it is given start msw's server before all tests, reset the mock and msw's added handlers after
 * each, and close it after all. Without hooks and without globals it says what to pass.
 */
import { http, HttpResponse } from 'msw';
import { setupMockGateway } from '../../../msw-node';
import type { TestHooks } from '../../../msw-node';

const BASE = 'https://gateway.test/api/v1';

/** Hooks that only remember what they were given, as a runner would before running them. */
function recordingHooks(): { hooks: TestHooks; run: Record<keyof TestHooks, () => Promise<void>> } {
  const given: Partial<Record<keyof TestHooks, () => unknown>> = {};
  const hook = (name: keyof TestHooks) => (fn: () => unknown) => void (given[name] = fn);
  const run = (name: keyof TestHooks) => async () => void (await given[name]?.());
  return {
    hooks: { beforeAll: hook('beforeAll'), afterEach: hook('afterEach'), afterAll: hook('afterAll') },
    run: { beforeAll: run('beforeAll'), afterEach: run('afterEach'), afterAll: run('afterAll') },
  };
}

const getModel = () => fetch(`${BASE}/model/openai/gpt-4o`, { headers: { authorization: 'Bearer sk-mock-user' } });

describe('setupMockGateway with the hooks it is given', () => {
  it('listens in beforeAll, resets in afterEach and closes in afterAll', async () => {
    const { hooks, run } = recordingHooks();
    const gateway = setupMockGateway({ baseUrl: BASE, hooks });
    await run.beforeAll();
    try {
      expect((await getModel()).status).toBe(200);
      gateway.scenarios.add({ match: { operation: 'getModel' }, respond: { status: 503 } });
      gateway.server.use(http.get('https://app.test/ping', () => HttpResponse.text('pong')));
      expect(await (await fetch('https://app.test/ping')).text()).toBe('pong');
      await run.afterEach();
      expect(gateway.scenarios.list()).toEqual([]);
      expect(gateway.requests()).toEqual([]);
      expect((await getModel()).status).toBe(200);
      expect(gateway.server.listHandlers()).toEqual(gateway.handlers); // the handler added for one test is gone
    } finally {
      await run.afterAll();
    }
    await expect(getModel()).rejects.toThrow(); // no msw server now: gateway.test does not exist
  });

  it("asks for the runner's hooks when there are no globals", () => {
    const saved = globalThis.beforeAll;
    try {
      (globalThis as { beforeAll?: unknown }).beforeAll = undefined;
      expect(() => setupMockGateway({ baseUrl: BASE })).toThrow(/hooks: \{ beforeAll, afterEach, afterAll \}.*vitest/);
    } finally {
      globalThis.beforeAll = saved;
    }
  });
});

describe('a named pace', () => {
  it("takes pace: 'human' in createHandlers' and setupMockGateway's options, as the server's options.pace", () => {
    const { hooks } = recordingHooks();
    expect(setupMockGateway({ baseUrl: BASE, hooks, pace: 'human' }).options.pace).toBe('human');
    expect(setupMockGateway({ baseUrl: BASE, hooks }).options.pace).toBeUndefined();
  });
});
