import * as http from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { TappedBody } from './body-tap';
import { createBodyTap } from './body-tap';
import { decodableAcceptEncoding } from './content-coding';
import { endToEndHeaders } from './hop-by-hop';
import { describeTransportError } from '../conformance/index';

/** Request bodies kept for the checks; the relay itself streams bodies of any size. */
const REQUEST_LIMIT = 32 * 1024 * 1024;

/** One exchange as it went through the proxy: what the client sent, what the gateway answered. */
export interface Relayed {
  readonly method: string;
  /** The gateway's URL the request went to. */
  readonly url: string;
  /** As the client sent them (the key included: the checker redacts it). */
  readonly requestHeaders: IncomingHttpHeaders;
  /** Undefined when there was none, or it was larger than the proxy keeps. */
  readonly requestBody: Buffer | undefined;
  readonly status?: number;
  /** The gateway's response headers, lower-case, as relayed. */
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly body?: TappedBody;
  /** The gateway could not be reached, or broke off its answer. */
  readonly transportError?: string;
  /** The client went away before the answer was complete; the gateway's request was aborted too. */
  readonly abandoned: boolean;
  readonly durationMs: number;
}

/** The gateway, as each request needs it: its origin parsed once (a URL per request costs the relay). */
export interface Upstream {
  /** The gateway's origin, e.g. `https://gateway.example`; request paths go to it unchanged. */
  readonly origin: string;
  /** Kept-alive connections to the gateway. */
  readonly agent: http.Agent;
  readonly client: typeof http | typeof https;
  readonly hostname: string;
  readonly port: string;
}

/** The gateway at `origin` (its path, if any, is the caller's), with an agent of its own. */
export function upstreamAt(origin: URL): Upstream {
  const tls = origin.protocol === 'https:';
  return {
    origin: origin.origin,
    agent: tls ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true }),
    client: tls ? https : http,
    // `[::1]` is the URL's spelling; node:http takes the bare address.
    hostname: origin.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: origin.port,
  };
}

/**
 * Forwards one request to the gateway unchanged but for the hop-by-hop headers (and
 * Accept-Encoding narrowed to codings the proxy can decode), and relays the answer chunk by chunk
 * as it arrives, keeping a decoded copy for the checks. An unreachable gateway gets the client a
 * 502 in the contract's ErrorEnvelope; a client that goes away aborts the gateway's request.
 */
export function relay(req: IncomingMessage, res: ServerResponse, upstream: Upstream): Promise<Relayed> {
  const started = performance.now();
  const clock = (): number => Math.round(performance.now() - started);
  const method = req.method ?? 'GET';
  const url = `${upstream.origin}${req.url ?? '/'}`;
  const headers = endToEndHeaders(req.headers, ['host', 'accept-encoding']);
  const acceptEncoding = decodableAcceptEncoding(req.headers['accept-encoding']);
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let abandoned = false;
    let settled = false;
    // The exchange is handed over once the request's body is read too (a gateway may answer first).
    let requestEnded = req.complete;
    let whenEnded: (() => void) | undefined;
    const ended = (): void => {
      requestEnded = true;
      whenEnded?.();
      whenEnded = undefined;
    };
    req.once('end', ended);
    req.once('close', ended);
    const finish = (
      outcome: Omit<Relayed, 'method' | 'url' | 'requestHeaders' | 'requestBody' | 'abandoned' | 'durationMs'>,
    ): void => {
      if (settled) return;
      settled = true;
      const hand = (): void =>
        resolve({
          method,
          url,
          requestHeaders: req.headers,
          requestBody:
            kept > REQUEST_LIMIT || chunks.length === 0
              ? undefined
              : chunks.length === 1
                ? (chunks[0] as Buffer)
                : Buffer.concat(chunks),
          abandoned,
          durationMs: clock(),
          ...outcome,
        });
      if (requestEnded) hand();
      else whenEnded = hand;
    };
    const outgoing = upstream.client.request({
      hostname: upstream.hostname,
      port: upstream.port,
      path: req.url ?? '/',
      method,
      headers,
      agent: upstream.agent,
    });
    req.on('data', (chunk: Buffer) => {
      kept += chunk.length;
      if (kept <= REQUEST_LIMIT) chunks.push(chunk);
    });
    req.pipe(outgoing);
    res.on('close', () => {
      if (res.writableFinished) return;
      abandoned = true;
      outgoing.destroy();
    });

    outgoing.on('error', (err: NodeJS.ErrnoException) => {
      // The suite's wording: a TLS failure says so and names NODE_EXTRA_CA_CERTS, a name that
      // does not resolve says so, and so on (conformance/http/transport-error.ts).
      const reason = describeTransportError(err);
      if (abandoned) return finish({ responseHeaders: {}, transportError: 'the client went away' });
      if (!res.headersSent) {
        const body = JSON.stringify({
          error: {
            code: 502,
            message: `Bad gateway: the proxy's request to the gateway at ${upstream.origin} failed: ${reason}`,
          },
        });
        res.writeHead(502, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        res.end(body);
      }
      finish({ responseHeaders: {}, transportError: reason });
    });

    outgoing.on('response', (answer) => {
      const responseHeaders = endToEndHeaders(answer.headers);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders);
      const contentType = String(answer.headers['content-type'] ?? '').toLowerCase();
      const eventStream = contentType.startsWith('text/event-stream');
      // A stream's client sees its headers at once, whatever the gateway's first event waits for;
      // any other answer's headers go out with its first bytes, in one write.
      if (eventStream) res.flushHeaders();
      const tap = createBodyTap(answer.headers['content-encoding'], eventStream, clock);
      answer.on('data', (chunk: Buffer) => tap.feed(chunk));
      answer.pipe(res);
      let failure: string | undefined;
      answer.on('error', (err) => (failure = err.message));
      answer.on('close', () => {
        // Closed before its end: the gateway broke off; the client's connection is cut the same way.
        const broken = answer.complete ? undefined : `the gateway broke off its answer${failure ? `: ${failure}` : ''}`;
        if (broken !== undefined && !abandoned) res.destroy();
        void tap.end().then((body) =>
          finish({
            status: answer.statusCode,
            responseHeaders: lowerCase(answer.headers),
            body,
            ...(broken === undefined || abandoned ? {} : { transportError: broken }),
          }),
        );
      });
    });
  });
}

/** node:http names headers in lower case already; a repeated one (Set-Cookie) comes as a list. */
function lowerCase(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
