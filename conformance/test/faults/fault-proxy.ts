import type http from 'node:http';
import { startStandInServer } from '../../../kit/test/support/stand-in-server';
import { reconnecting } from '../../http/reconnecting';

/** A request as the proxy received it; a fault may rewrite it before it goes upstream. */
export interface ProxiedRequest {
  method: string;
  /** Path and query relative to the API base (e.g. `/model/openai/gpt-4o?x=1`). */
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** An upstream JSON answer; a fault may rewrite it before it goes back. */
export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON, or the raw text when it is not JSON. */
  body: unknown;
}

/**
 * Instead of an answer: `hang` accepts the request and never answers; `endless` sends 200 JSON
 * headers and a body that never ends; `endless-stream` an event stream whose events never stop;
 * `cut` 200 JSON headers announcing more body than comes, then the connection closes; `hang-up`
 * closes the connection at once.
 */
export type NoAnswer = 'hang' | 'endless' | 'endless-stream' | 'cut' | 'hang-up';

/**
 * One deliberate departure from the contract. `answer` replaces the mock for a request (the
 * proxy's n-th, from 1) when it returns something; `request` distorts what the gateway is asked
 * (so it behaves as if it ignored a rule), `response` what it answers, `stream` the SSE frames it
 * sends (each frame is one event's text without the blank line; `stall: true` hangs after them,
 * `unterminated: true` sends the last one without its blank line).
 */
export interface Fault {
  /** Waits this long before it answers anything: a slow gateway. */
  delayMs?: number;
  answer?(req: ProxiedRequest, n: number): ProxiedResponse | NoAnswer | undefined;
  request?(req: ProxiedRequest): ProxiedRequest;
  response?(res: ProxiedResponse, req: ProxiedRequest): ProxiedResponse;
  stream?(
    frames: string[],
    req: ProxiedRequest,
  ): { frames: string[]; stall?: boolean; unterminated?: boolean; contentType?: string };
}

export interface FaultProxy {
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** A broken gateway: the real mock behind a proxy that applies one fault. */
export function startFaultProxy(upstreamBaseUrl: string, fault: Fault): Promise<FaultProxy> {
  let count = 0;
  return startStandInServer((req, res) => {
    void handle(upstreamBaseUrl, fault, ++count, req, res).catch((err: Error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`fault proxy: ${err.message}`);
    });
  });
}

async function handle(
  upstream: string,
  fault: Fault,
  n: number,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name)) headers[name] = value;
  let request: ProxiedRequest = {
    method: req.method ?? 'GET',
    path: (req.url ?? '/').replace(/^\/api\/v1/, ''),
    headers,
    body: text === '' ? undefined : parse(text),
  };
  if (fault.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
  const own = fault.answer?.(request, n);
  if (own === 'hang') return; // the connection stays open until the client gives up or the proxy closes
  if (own === 'endless') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"data": [');
    return;
  }
  if (own === 'hang-up') {
    req.socket.destroy();
    return;
  }
  if (own === 'cut') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write('{"data": [', () => res.destroy());
    return;
  }
  if (own === 'endless-stream') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let n = 0;
    const tick = setInterval(() => res.write(`data: {"type":"response.in_progress","sequence_number":${n++}}\n\n`), 50);
    res.on('close', () => clearInterval(tick));
    return;
  }
  if (own) {
    res.writeHead(own.status, own.headers);
    res.end(typeof own.body === 'string' ? own.body : JSON.stringify(own.body));
    return;
  }
  if (fault.request) request = fault.request(request);
  // The stand-in's own pool meets the keep-alive race with the mock too: that is not the fault under test.
  // The mock's own addresses (its reset) are at its origin, not under the API's base path.
  const to = request.path.startsWith('/__mock/') ? new URL(upstream).origin : upstream;
  const answer = await reconnecting(() =>
    fetch(to + request.path, {
      method: request.method,
      headers: request.headers,
      body:
        request.body === undefined
          ? undefined
          : typeof request.body === 'string'
            ? request.body
            : JSON.stringify(request.body),
    }),
  );
  const answerText = await answer.text();
  const answerHeaders: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name))
      answerHeaders[name] = value;
  });
  if ((answerHeaders['content-type'] ?? '').startsWith('text/event-stream') && fault.stream) {
    const frames = answerText.split(/\n\n/).filter((f) => f.trim() !== '');
    const out = fault.stream(frames, request);
    res.writeHead(answer.status, {
      ...answerHeaders,
      'content-type': out.contentType ?? answerHeaders['content-type'] ?? 'text/event-stream',
    });
    const last = out.unterminated ? out.frames.length - 1 : out.frames.length;
    res.write(out.frames.map((f, i) => (i < last ? `${f}\n\n` : f)).join(''));
    if (!out.stall) res.end(); // a stall keeps the connection open until the client gives up
    return;
  }
  let response: ProxiedResponse = { status: answer.status, headers: answerHeaders, body: parse(answerText) };
  if (fault.response) response = fault.response(response, request);
  const body = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  res.writeHead(response.status, response.headers);
  res.end(body);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
