import type { MockCore } from '../../core/mock-core';
import { FetchExchange } from './fetch-exchange';

/** A mock as a fetch handler: what any fetch-based server, msw or a service worker calls. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * The fetch adapter: every `Request` goes through the core and comes back a `Response`. No file
 * and no `node:` module here either, so this is what a browser or worker build mounts on a
 * precompiled core.
 */
export function fetchAdapter(core: MockCore): FetchHandler {
  return (request) => {
    const exchange = new FetchExchange(request);
    core.serve(exchange, exchange);
    return exchange.response;
  };
}
