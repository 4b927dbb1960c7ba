import { createMockServer } from './server';
import type { MockServer, MockServerInit } from './server';

/** A mock listening on 127.0.0.1, with what a test runner needs to use and stop it. */
export interface RunningMock {
  readonly mock: MockServer;
  /** The API base, e.g. `http://127.0.0.1:40123/api/v1`. */
  readonly baseUrl: string;
  /** POST here between tests to put the mock's state back as its fixtures left it. */
  readonly resetUrl: string;
  readonly name: string;
  close(): Promise<void>;
}

/** Starts a mock on an ephemeral port of 127.0.0.1 (what `npm run conformance` runs without a target). */
export async function startInProcessMock(init: MockServerInit = {}): Promise<RunningMock> {
  const mock = createMockServer(init);
  const baseUrl = await mock.listen(0, '127.0.0.1');
  return {
    mock,
    baseUrl,
    resetUrl: `${new URL(baseUrl).origin}/__mock/reset`,
    name: 'the mock',
    close: () => mock.close(),
  };
}
