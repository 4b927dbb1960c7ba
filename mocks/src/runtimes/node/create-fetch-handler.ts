import type { MockControls } from '../../core/mock-core';
import { buildMock } from '../build-mock';
import type { MockServerInit } from '../node/node-setup';
import { nodeSetup } from '../node/node-setup';
import type { FetchHandler } from '../fetch/fetch-adapter';
import { fetchAdapter } from '../fetch/fetch-adapter';

/** The mock as `(request: Request) => Promise<Response>`, with its state at hand. */
export interface MockFetchHandler extends FetchHandler, MockControls {}

/**
 * The mock for any fetch-based server (Hono, a Next.js route handler, Deno.serve, Bun.serve, a
 * Cloudflare Worker): the same pipeline, state and answers as `createMockServer`, with no port.
 * Takes createMockServer's options; spec and fixtures are read from files unless given, and
 * `Prefer` examples run on Prism, so this entry needs node (the browser build has its own).
 *
 * @example
 * const mock = createFetchHandler();
 * app.all('/api/v1/*', (c) => mock(c.req.raw)); // Hono
 * export const POST = (request: Request) => mock(request); // a Next.js route handler
 */
export function createFetchHandler(init: MockServerInit = {}): MockFetchHandler {
  return buildMock(nodeSetup(init), (core) => {
    const handle = fetchAdapter(core);
    return (request: Request) => handle(request);
  });
}
