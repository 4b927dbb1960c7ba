import type { Refusal } from '../conformance/index';
import type { KnownSecrets } from './redact';

/** Longest request line quoted: enough to tell the request, never a whole smuggled payload. */
const QUOTED = 200;

/**
 * What a report says of a request node's HTTP parser refused in the proxy (`clientError`): its
 * request line when the bytes show one (secrets seen so far shown as their variables; control
 * bytes are made printable by the report) and node's reason. The rest of the bytes is not kept:
 * it holds the header the parser refused, and perhaps a key.
 */
export function refusalOf(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, secrets: KnownSecrets): Refusal {
  const firstLine = err.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? '';
  const requestLine = /^[A-Z]+ \S+ HTTP\/1\.[01]$/.test(firstLine) ? firstLine.slice(0, QUOTED) : undefined;
  const reason = err.code === undefined ? err.message : `${err.code}: ${err.message}`;
  return { ...(requestLine === undefined ? {} : { requestLine }), reason, keys: { secrets: secrets.asVariables() } };
}
