/**
 * The surfaces a test can reach the mock through, each started and stopped the same way: the node
 * server on 127.0.0.1 and an ephemeral port, the fetch handler called directly, and the msw handlers
 * under each msw major the running Node loads (msw 3 declares Node 22.12 or later; the dev alias
 * `msw3` installs it beside msw 2).
 */
import type { MockControls } from '../../src/core/mock-core';
import { createFetchHandler } from '../../src/fetch/create-fetch-handler';
import type { MockFetchHandler } from '../../src/fetch/create-fetch-handler';
import { createMockServer } from '../../src/server';
import type { MockServer } from '../../src/server';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface Surface {
  start(): Promise<void>;
  stop(): Promise<void>;
  mock(): MockControls;
  url(path: string): string;
  fetch: Fetch;
}

const MSW_BASE = 'https://gateway.test/api/v1';

/** Whether the running Node is at least `major.minor`. */
export function nodeAtLeast(major: number, minor: number): boolean {
  const [have, haveMinor] = process.versions.node.split('.').map(Number) as [number, number];
  return have > major || (have === major && haveMinor >= minor);
}

function nodeServer(): Surface {
  let mock: MockServer | undefined;
  let base = '';
  return {
    async start() {
      mock = createMockServer();
      base = await mock.listen(0, '127.0.0.1');
    },
    stop: async () => mock?.close(),
    mock: () => mock!,
    url: (path) => `${base}${path}`,
    fetch: (input, init) => fetch(input, init),
  };
}

function fetchHandler(): Surface {
  let mock: MockFetchHandler | undefined;
  return {
    start() {
      mock = createFetchHandler();
      return Promise.resolve();
    },
    stop: () => Promise.resolve(),
    mock: () => mock!,
    url: (path) => `http://mock.test/api/v1${path}`,
    fetch: (input, init) => mock!(new Request(input, init)),
  };
}

/** The msw handlers under one msw line (`msw` or the `msw3` alias), loaded in their own module registry. */
function mswLine(line: 'msw' | 'msw3'): Surface {
  let server: { listen(o?: object): void; close(): void } | undefined;
  let mock: MockControls | undefined;
  return {
    start() {
      jest.isolateModules(() => {
        if (line !== 'msw') jest.doMock('msw', () => jest.requireActual<object>(line));
        /* eslint-disable @typescript-eslint/no-require-imports -- one registry per msw line */
        const { createHandlers } = require('../../msw') as typeof import('../../msw');
        const { setupServer } = require(`${line}/node`) as typeof import('msw/node');
        /* eslint-enable @typescript-eslint/no-require-imports */
        jest.dontMock('msw');
        const handlers = createHandlers({ baseUrl: MSW_BASE });
        mock = handlers;
        server = setupServer(...handlers.handlers);
      });
      server!.listen({ onUnhandledRequest: 'error' });
      return Promise.resolve();
    },
    stop: () => Promise.resolve(server?.close()),
    mock: () => mock!,
    url: (path) => `${MSW_BASE}${path}`,
    fetch: (input, init) => fetch(input, init),
  };
}

export const SURFACES: ReadonlyArray<[string, Surface]> = [
  ['the node server', nodeServer()],
  ['the fetch handler', fetchHandler()],
  ['msw 2', mswLine('msw')],
  ...(nodeAtLeast(22, 12) ? [['msw 3', mswLine('msw3')] as [string, Surface]] : []),
];
