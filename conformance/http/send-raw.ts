import net from 'node:net';
import tls from 'node:tls';
import type { CapturedResponse } from './wire-types';
import type { HttpCall } from './send-json';
import { lowerCaseHeaders, parseJson } from './send-json';

/** Most of an answer kept: enough for any error envelope, bounded against an endless one. */
const MAX_BYTES = 1024 * 1024;

/**
 * One HTTP/1.1 request written to the socket byte for byte, for header values an HTTP client
 * library refuses to send (control characters, NUL), which is what a broken or hostile client
 * does. `Connection: close` ends the answer with the connection (the request side stays open, as servers close a half-closed one unanswered); it is read whole (chunked or
 * `Content-Length`), within the timeout. Direct connections only: no proxy sees bytes like these.
 */
export function sendRaw(call: HttpCall): Promise<CapturedResponse> {
  const started = performance.now();
  const url = new URL(call.baseUrl + call.pathAndQuery);
  const secure = url.protocol === 'https:';
  const port = Number(url.port || (secure ? 443 : 80));
  const body = call.body === undefined ? undefined : Buffer.from(call.body, 'utf8');
  const lines = [`${call.method.toUpperCase()} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of Object.entries(call.headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Content-Length: ${body.length}`);
  lines.push('Connection: close', '', '');
  const head = Buffer.from(lines.join('\r\n'), 'latin1');
  return new Promise((resolve, reject) => {
    const socket = secure
      ? tls.connect({ host: url.hostname, port, servername: url.hostname })
      : net.connect({ host: url.hostname, port });
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (err: Error) => {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', stop);
      socket.destroy();
      reject(err);
    };
    const timer = setTimeout(() => fail(new Error(`no response within ${call.timeoutMs} ms`)), call.timeoutMs);
    const stop = () => fail(new Error('aborted: the run stopped'));
    call.signal?.addEventListener('abort', stop, { once: true });
    socket.once(secure ? 'secureConnect' : 'connect', () => socket.write(body ? Buffer.concat([head, body]) : head));
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BYTES) chunks.push(chunk);
      else socket.destroy();
    });
    socket.once('error', fail);
    socket.once('close', () => {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', stop);
      const parsed = parseAnswer(Buffer.concat(chunks));
      if (parsed === undefined) {
        reject(new Error(size === 0 ? 'the connection closed without an answer' : 'the answer is not HTTP/1.1'));
        return;
      }
      resolve({ ...parsed, json: parseJson(parsed.text), durationMs: Math.round(performance.now() - started) });
    });
  });
}

function parseAnswer(raw: Buffer): Omit<CapturedResponse, 'json' | 'durationMs'> | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...headerLines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  if (status === undefined) return undefined;
  const headers: Record<string, string[]> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    (headers[name] ??= []).push(line.slice(colon + 1).trim());
  }
  let payload = raw.subarray(end + 4);
  if ((headers['transfer-encoding'] ?? []).join(',').toLowerCase().includes('chunked')) payload = dechunk(payload);
  else if (headers['content-length'] !== undefined) payload = payload.subarray(0, Number(headers['content-length'][0]));
  return { status: Number(status), headers: lowerCaseHeaders(headers), text: payload.toString('utf8') };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const length = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(length) || length === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + length));
    at = lineEnd + 2 + length + 2;
  }
  return Buffer.concat(parts);
}
