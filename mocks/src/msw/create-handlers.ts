import type { HttpHandler } from 'msw';
import type { ResponseViolation } from '../pipeline/response-checker';
import type { JournalEntry } from '../journal/request-journal';
import type { ScenarioControls } from '../scenarios/scenario-controls';
import type { MockStore } from '../state/store';
import type { BrowserMockInit } from '../browser/browser-setup';
import { browserSetup } from '../browser/browser-setup';
import { createMockCore } from '../core/mock-core';
import { fetchAdapter } from '../fetch/fetch-adapter';
import type { FetchHandler } from '../fetch/fetch-adapter';
import { mswRoutes } from './msw-routes';

export interface MockHandlersInit extends BrowserMockInit {
  /**
   * Where the app under test sends its API calls, e.g. `https://gateway.test/api/v1`: the mock
   * answers every operation under it and the admin endpoints at its origin (`/__mock/*`). Its
   * path becomes the mock's base path. In a page, a relative one is read against the page's URL.
   */
  readonly baseUrl: string;
}

/** One mock as msw handlers: its own state, which `reset` puts back as its fixtures left it. */
export interface MockHandlers {
  /** For `setupServer(...handlers)` (msw/node) or `setupWorker(...handlers)` (msw/browser). */
  readonly handlers: HttpHandler[];
  /** The mock as a fetch function, the same the handlers call (for a fetch-based server). */
  readonly fetch: FetchHandler;
  readonly store: MockStore;
  /** Test mode only (`options.validateResponses`): answers the spec does not allow. */
  readonly responseViolations: readonly ResponseViolation[];
  /** Scenarios queued on this mock, as POST/GET/DELETE /__mock/scenarios: `mock.scenarios.add({ match, respond })`. */
  readonly scenarios: ScenarioControls;
  /** The request journal, newest first, as GET /__mock/requests: `mock.requests({ operation: 'createResponse' })`. */
  requests(filter?: { readonly operation?: string }): JournalEntry[];
  /**
   * What `POST /__mock/reset` does: keys, guardrails, sessions and counters as the fixtures left
   * them, the scenarios and the journal cleared.
   */
  reset(): void;
  /** Ends the streams still running, with the failure their clients read (as a server's shutdown does). */
  endStreams(): void;
}

/**
 * msw request handlers for the whole API and the admin endpoints, made from the setup the build
 * shipped (no file is read, so the same call works in Node, jsdom and a browser page). Each call
 * is an independent mock: two never share state.
 *
 * @example
 * const mock = createHandlers({ baseUrl: 'https://gateway.test/api/v1' });
 * const server = setupServer(...mock.handlers);
 */
export function createHandlers(init: MockHandlersInit): MockHandlers {
  const api = new URL(init.baseUrl, (globalThis as { location?: { href: string } }).location?.href);
  const basePath = api.pathname.replace(/\/+$/, '');
  const core = createMockCore(browserSetup({ ...init, options: { basePath, ...init.options } }));
  const fetch = fetchAdapter(core);
  return {
    handlers: mswRoutes(api, fetch),
    fetch,
    store: core.store,
    responseViolations: core.responseViolations,
    scenarios: core.scenarios,
    requests: core.requests,
    reset: () => core.store.reset(),
    endStreams: () => core.streams.endAll(),
  };
}
