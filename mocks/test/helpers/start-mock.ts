import type { MockServer, MockServerInit } from '../../src/runtimes/node/server';
import { createMockServer } from '../../src/runtimes/node/server';

export interface StartedMock {
  readonly mock: MockServer;
  /** The API base, `http://127.0.0.1:<port>/api/v1`. */
  readonly baseUrl: string;
  /** Scheme, host and port only: the admin endpoints live outside the base path. */
  readonly origin: string;
}

/**
 * Starts one mock for the enclosing `describe` in test mode (`validateResponses: true`) on
 * 127.0.0.1 and a free port, and closes it afterwards. After every test it asserts that the mock
 * sent no response the spec does not allow during that test: such a response fails the test.
 *
 * Returns a getter, because the mock only exists once `beforeAll` has run.
 */
export function useMock(init: MockServerInit = {}): () => StartedMock {
  let started: StartedMock | undefined;
  let checked = 0;

  beforeAll(async () => {
    started = await startMock(init);
  });

  afterEach(() => {
    const violations = started?.mock.responseViolations.slice(checked) ?? [];
    checked += violations.length;
    expect(violations).toEqual([]);
  });

  afterAll(async () => {
    await started?.mock.close();
  });

  return () => {
    if (!started) throw new Error('the mock starts in beforeAll: use the getter inside a test or hook');
    return started;
  };
}

/** One mock in test mode, listening; the caller closes it and checks `responseViolations`. */
export async function startMock(init: MockServerInit = {}): Promise<StartedMock> {
  const mock = createMockServer({ ...init, options: { ...init.options, validateResponses: true } });
  const baseUrl = await mock.listen(0, '127.0.0.1');
  return { mock, baseUrl, origin: new URL(baseUrl).origin };
}
