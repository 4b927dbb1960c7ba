import type { Exchange } from './types';

/** What a report says of a finding on such an answer, before its own message. */
export const HTTP_LAYER_NOTE =
  "the gateway's HTTP server refused the request before the gateway's code ran (a bare 4xx with Connection: close, as node:http, nginx and load balancers answer a header value with control bytes); a warning unless --strict-http";

/**
 * The refusal of an HTTP parser, not the gateway's answer: a request whose header values held
 * control bytes or a NUL (written raw: send-raw.ts) answered with a 4xx, `Connection: close` and
 * no JSON body (node:http sends no Content-Type at all, nginx and load balancers an HTML page).
 * RFC 9110 §5.5 lets a server refuse such a field there; the contract's envelope never reaches the
 * client from that layer. A 2xx, 3xx or 5xx is judged as any answer is.
 */
export function isHttpLayerRefusal(exchange: Exchange): boolean {
  const response = exchange.response;
  if (exchange.request.raw !== true || response === undefined) return false;
  if (response.status < 400 || response.status >= 500) return false;
  const connection = (response.headers.connection ?? '').toLowerCase();
  const type = (response.headers['content-type'] ?? '').toLowerCase();
  return connection.split(',').some((token) => token.trim() === 'close') && !type.includes('json');
}
