/**
 * A deliberately dumb HTTP/1.1 client for hostile requests: it writes the given bytes as they are
 * (duplicate or oversized headers, wrong lengths, invalid UTF-8) and reads back one response.
 */
import net from 'node:net';
import type { RawAnswer } from './support';

interface Head {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly bodyStart: number;
}

/** Sends `bytes` on a fresh connection; resolves with the first response, or rejects on timeout. */
export function rawExchange(
  port: number,
  bytes: Buffer,
  options: { head?: boolean; timeoutMs: number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (error: Error | undefined, answer?: RawAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(answer as RawAnswer);
    };
    const timer = setTimeout(
      () =>
        finish(
          new Error(
            `no complete response within ${options.timeoutMs} ms; got ${received.length} bytes: ${received.subarray(0, 200).toString('latin1')}`,
          ),
        ),
      options.timeoutMs,
    );
    const tryParse = (ended: boolean): void => {
      const answer = parseResponse(received, options.head === true, ended);
      if (answer) finish(undefined, answer);
      else if (ended)
        finish(
          new Error(
            `connection closed after ${received.length} bytes without a complete response: ${received.subarray(0, 200).toString('latin1')}`,
          ),
        );
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      tryParse(false);
    });
    socket.on('end', () => tryParse(true));
    // The server may close while we still write a large body it refused: read what it answered.
    socket.on('error', () => tryParse(true));
    socket.write(bytes);
  });
}

function parseHead(data: Buffer): Head | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const lines = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { status, headers, bodyStart: end + 4 };
}

/** A complete response from the start of `data`, or undefined when more bytes are needed. */
function parseResponse(data: Buffer, head: boolean, ended: boolean): RawAnswer | undefined {
  const parsed = parseHead(data);
  if (!parsed) return undefined;
  const rest = data.subarray(parsed.bodyStart);
  const answer = (body: Buffer): RawAnswer => ({ status: parsed.status, headers: parsed.headers, body });
  if (head || parsed.status === 204 || parsed.status === 304) return answer(Buffer.alloc(0));
  const length = parsed.headers['content-length'];
  if (length !== undefined) return rest.length >= Number(length) ? answer(rest.subarray(0, Number(length))) : undefined;
  if (/chunked/i.test(parsed.headers['transfer-encoding'] ?? '')) {
    const body = dechunk(rest);
    return body ? answer(body) : undefined;
  }
  return ended ? answer(rest) : undefined;
}

function dechunk(data: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) return undefined;
    if (size === 0) return data.length >= lineEnd + 4 ? Buffer.concat(parts) : undefined;
    if (data.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
