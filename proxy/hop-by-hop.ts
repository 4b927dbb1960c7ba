import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/** Headers about one connection, not the message (RFC 9110 §7.6.1): a proxy never passes them on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * The end-to-end headers of a message: without the hop-by-hop ones, those its `Connection` header
 * names, and `drop` (lower-case names the proxy sets itself, such as `host`).
 */
export function endToEndHeaders(headers: IncomingHttpHeaders, drop: readonly string[] = []): OutgoingHttpHeaders {
  // Every exchange passes here twice: no set is made when the Connection header names nothing else.
  const connection = headers.connection;
  const named =
    connection === undefined || /^\s*(keep-alive|close)\s*$/i.test(connection)
      ? undefined
      : new Set(
          connection
            .split(',')
            .map((token) => token.trim().toLowerCase())
            .filter((token) => token !== ''),
        );
  const out: OutgoingHttpHeaders = {};
  for (const name in headers) {
    const value = headers[name];
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || named?.has(lower) || drop.includes(lower)) continue;
    out[lower] = value;
  }
  return out;
}
