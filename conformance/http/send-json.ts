import request from 'supertest';
import type { Response } from 'superagent';
import type { CapturedResponse } from './wire-types';
import type { Route } from './proxy-route';
import { markReused } from './connection-reuse';

export interface HttpCall {
  readonly baseUrl: string;
  readonly method: string;
  /** Path and query string, relative to the base URL. */
  readonly pathAndQuery: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Serialized body, sent as is. */
  readonly body?: string;
  readonly timeoutMs: number;
  /** Aborts the request (the run stopped). */
  readonly signal?: AbortSignal;
  /** Directly or through a proxy; directly when absent. */
  readonly route?: Route;
}

/**
 * An answer that began (status and headers came) but whose body did not end in time: the gateway
 * did answer, so "unreachable" or "no answer" would send its owner looking in the wrong place.
 */
export class IncompleteAnswerError extends Error {
  override readonly name = 'IncompleteAnswerError';
  constructor(status: number, contentType: string | undefined, timeoutMs: number, bytes: number) {
    super(
      `the answer began (${status}${contentType ? ` ${contentType}` : ''}) but its body did not end within ${timeoutMs} ms (${bytes} bytes received)`,
    );
  }
}

/** superagent's limit on a body it reads (maxResponseSize's default): 200 MB. */
const MAX_BODY_MB = 200;

/**
 * An answer that began (status and headers came) but whose connection broke before its body ended
 * (the gateway cut it off), or whose body went past what the suite reads.
 */
export class BrokenAnswerError extends Error {
  override readonly name = 'BrokenAnswerError';
  constructor(status: number, contentType: string | undefined, bytes: number, cause: unknown) {
    const began = `the answer began (${status}${contentType ? ` ${contentType}` : ''})`;
    super(
      (cause as { code?: unknown }).code === 'ETOOLARGE'
        ? `${began} but its body went past the ${MAX_BODY_MB} MB the suite reads, and on`
        : `${began} but the connection broke after ${bytes} bytes of its body (${describeCause(cause)})`,
    );
  }
}

function describeCause(err: unknown): string {
  const { code, message } = err as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(err);
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

/**
 * One request through supertest against a base URL. The body is always read as raw text and
 * parsed here, so a body that is not JSON (or lies about its content type) is still captured
 * exactly as the gateway sent it. Every status resolves; only transport problems reject.
 */
export async function sendJson(call: HttpCall): Promise<CapturedResponse> {
  const started = performance.now();
  const agent = request(call.baseUrl);
  const method = call.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  const begun: { status?: number; contentType?: string; bytes: number } = { bytes: 0 };
  let test = agent[method](call.pathAndQuery)
    .ok(() => true)
    .redirects(0)
    .timeout({ response: call.timeoutMs, deadline: call.timeoutMs })
    .buffer(true)
    .parse((raw: unknown, done: (err: Error | null, body: string) => void) => readRawText(raw, begun, done));
  for (const [name, value] of Object.entries(call.headers)) test = test.set(name, value);
  let sent: { reusedSocket?: boolean } | undefined;
  test.on('request', (request: { req?: { reusedSocket?: boolean } }) => (sent = request.req));
  if (call.route?.agent) test = test.agent(call.route.agent);
  const abort = (): void => {
    void test.abort();
  };
  call.signal?.addEventListener('abort', abort, { once: true });
  let res: Response;
  try {
    res = call.body === undefined ? await test : await test.send(call.body);
  } catch (err) {
    if (call.signal?.aborted) throw new Error('aborted: the run stopped');
    if (sent?.reusedSocket === true && begun.status === undefined) markReused(err);
    const timedOut = (err as { timeout?: unknown }).timeout !== undefined;
    if (timedOut && begun.status !== undefined)
      throw new IncompleteAnswerError(begun.status, begun.contentType, call.timeoutMs, begun.bytes);
    if (timedOut) throw new Error(`no response within ${call.timeoutMs} ms`);
    if (begun.status !== undefined) throw new BrokenAnswerError(begun.status, begun.contentType, begun.bytes, err);
    throw err;
  } finally {
    call.signal?.removeEventListener('abort', abort);
  }
  const text = typeof res.body === 'string' ? res.body : '';
  return {
    status: res.status,
    headers: lowerCaseHeaders(res.headers as Record<string, unknown>),
    text,
    json: parseJson(text),
    durationMs: Math.round(performance.now() - started),
  };
}

/** superagent hands node's IncomingMessage to a custom parser (typed loosely upstream) once the headers are in. */
function readRawText(
  raw: unknown,
  begun: { status?: number; contentType?: string; bytes: number },
  done: (err: Error | null, body: string) => void,
): void {
  const res = raw as NodeJS.ReadableStream & { statusCode?: number; headers?: Record<string, unknown> };
  begun.status = res.statusCode;
  begun.contentType = typeof res.headers?.['content-type'] === 'string' ? res.headers['content-type'] : undefined;
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
    begun.bytes += Buffer.byteLength(chunk);
  });
  res.on('end', () => done(null, text));
  // A body cut off (the connection broke) is superagent's to report: it rejects the request with
  // the response's error itself, and a second callback from here would make it warn on stderr.
}

export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function lowerCaseHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
