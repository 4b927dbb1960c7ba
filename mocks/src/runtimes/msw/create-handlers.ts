import type { HttpHandler } from 'msw';
import type { BrowserMockInit } from '../browser/browser-setup';
import { browserSetup } from '../browser/browser-setup';
import type { MockControls } from '../../core/mock-core';
import { buildMock } from '../build-mock';
import { fetchAdapter } from '../fetch/fetch-adapter';
import type { FetchHandler } from '../fetch/fetch-adapter';
import { warnOnceAboutMsw2 } from './msw-major';
import { isMockUrl, mswRoutes } from './msw-routes';

export interface MockHandlersInit extends BrowserMockInit {
  /**
   * Where the app under test sends its API calls, e.g. `https://gateway.test/api/v1`: the mock
   * answers every operation under it and the admin endpoints at its origin (`/__mock/*`). Its
   * path becomes the mock's base path. In a page, a relative one is read against the page's URL.
   */
  readonly baseUrl: string;
}

/**
 * One mock as msw handlers: its own state, which `reset` puts back as its fixtures left it.
 * Iterable: `setupServer(...mock)` spreads its handlers, as `setupServer(...mock.handlers)` does.
 */
export interface MockHandlers extends MockControls, Iterable<HttpHandler> {
  /** For `setupServer(...handlers)` (msw/node) or `setupWorker(...handlers)` (msw/browser). */
  readonly handlers: HttpHandler[];
  /** The mock as a fetch function, the same the handlers call (for a fetch-based server). */
  readonly fetch: FetchHandler;
  /** Whether these handlers take `url` (under the base URL, or an admin endpoint at its origin). */
  owns(url: string): boolean;
}

/**
 * msw request handlers for the whole API and the admin endpoints, made from the setup the build
 * shipped (no file is read, so the same call works in Node, jsdom and a browser page). Each call
 * is an independent mock: two never share state.
 *
 * With msw 2 it warns once that clients which cancel an answer before retrying it hang there,
 * and how to avoid it (msw-major.ts); setupMockGateway (msw/node) avoids it.
 *
 * @example
 * const mock = createHandlers({ baseUrl: 'https://gateway.test/api/v1' });
 * const server = setupServer(...mock);
 */
export function createHandlers(init: MockHandlersInit): MockHandlers {
  warnOnceAboutMsw2();
  return handlersFor(init);
}

/** createHandlers without the msw 2 warning, for setupMockGateway, which takes care of it. */
export function handlersFor(init: MockHandlersInit): MockHandlers {
  const api = new URL(init.baseUrl, (globalThis as { location?: { href: string } }).location?.href);
  const basePath = api.pathname.replace(/\/+$/, '');
  return buildMock(browserSetup({ ...init, options: { basePath, ...init.options } }), (core) => {
    const fetch = fetchAdapter(core);
    const handlers = mswRoutes(api, fetch);
    return {
      handlers,
      fetch,
      owns: (url: string) => isMockUrl(api, url),
      [Symbol.iterator]: () => handlers[Symbol.iterator](),
    };
  });
}
