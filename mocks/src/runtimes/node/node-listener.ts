import type { RequestListener } from 'node:http';
import type { MockCore } from '../../core/mock-core';
import { NodeExchange } from './node-exchange';

/** The node:http adapter: every request goes through the core, on the request and response node gives. */
export function nodeListener(core: MockCore): RequestListener {
  return (req, res) => {
    const exchange = new NodeExchange(req, res);
    core.serve(exchange, exchange);
  };
}
