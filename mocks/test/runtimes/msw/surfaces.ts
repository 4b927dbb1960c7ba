/**
 * The surfaces a test can reach the mock through, each started and stopped the same way: the node
 * server on 127.0.0.1 and an ephemeral port, the fetch handler called directly, and the msw handlers
 * under each msw major the running Node loads (msw 3 declares Node 22.12 or later; the dev alias
 * `msw3` installs it beside msw 2).
 */
import type * as MswNode from 'msw/node';
import type * as MswEntry from '../../../msw';
import type * as MswNodeEntry from '../../../msw-node';
import type { MockControls } from '../../../src/core/mock-core';
import { createFetchHandler } from '../../../src/runtimes/node/create-fetch-handler';
import type { MockFetchHandler } from '../../../src/runtimes/node/create-fetch-handler';
import { createMockServer } from '../../../src/runtimes/node/server';
import type { MockServer } from '../../../src/runtimes/node/server';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface Surface {
  start(): Promise<void>;
  stop(): Promise<void>;
  mock(): MockControls;
  url(path: string): string;
  fetch: Fetch;
}

export const MSW_BASE = 'https://gateway.test/api/v1';

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

/** An msw line: the dev dependency `msw` (msw 2) or the alias `msw3` (msw 3). */
export type MswLine = 'msw' | 'msw3';

/** The msw lines the running Node loads: msw 3 declares Node 22.12 or later in its engines. */
export const MSW_LINES: readonly MswLine[] = nodeAtLeast(22, 12) ? ['msw', 'msw3'] : ['msw'];

/** What a test takes from one line: the package's entries built on it, and its own setupServer. */
export interface LoadedLine {
  readonly createHandlers: typeof MswEntry.createHandlers;
  readonly setupMockGateway: typeof MswNodeEntry.setupMockGateway;
  readonly setupServer: typeof MswNode.setupServer;
}

/**
 * The package's msw entries on one msw line, in a module registry of their own, so that their
 * `import 'msw'` is that line (and a second line in the same file gets its own copies).
 */
export function loadMswLine(line: MswLine): LoadedLine {
  let loaded: LoadedLine | undefined;
  jest.isolateModules(() => {
    if (line !== 'msw') {
      jest.doMock('msw', () => jest.requireActual<object>(line));
      jest.doMock('msw/node', () => jest.requireActual<object>(`${line}/node`));
    }
    /* eslint-disable @typescript-eslint/no-require-imports -- one registry per msw line */
    loaded = {
      createHandlers: (require('../../../msw') as typeof MswEntry).createHandlers,
      setupMockGateway: (require('../../../msw-node') as typeof MswNodeEntry).setupMockGateway,
      setupServer: (require('msw/node') as typeof MswNode).setupServer,
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
    jest.dontMock('msw');
    jest.dontMock('msw/node');
  });
  return loaded!;
}

/** The msw handlers under one msw line, served by that line's setupServer. */
function mswLine(line: MswLine): Surface {
  let server: { listen(o?: object): void; close(): void } | undefined;
  let mock: MockControls | undefined;
  return {
    start() {
      const { createHandlers, setupServer } = loadMswLine(line);
      const handlers = createHandlers({ baseUrl: MSW_BASE });
      mock = handlers;
      server = setupServer(...handlers);
      server.listen(line === 'msw' ? { onUnhandledRequest: 'error' } : { onUnhandledFrame: 'error' });
      return Promise.resolve();
    },
    stop: () => Promise.resolve(server?.close()),
    mock: () => mock!,
    url: (path) => `${MSW_BASE}${path}`,
    fetch: (input, init) => fetch(input, init),
  };
}

/** The name of a line in test titles. */
export const mswName = (line: MswLine): string => (line === 'msw' ? 'msw 2' : 'msw 3');

export const SURFACES: ReadonlyArray<[string, Surface]> = [
  ['the node server', nodeServer()],
  ['the fetch handler', fetchHandler()],
  ...MSW_LINES.map((line): [string, Surface] => [mswName(line), mswLine(line)]),
];
