import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { Pool } from 'undici';
import type { Dispatcher } from 'undici';
import type { BodyTap, KeptBody, TappedBody } from './body-tap';
import { createBodyTap } from './body-tap';
import { decodableAcceptEncoding } from './content-coding';
import { endToEndHeaders } from './hop-by-hop';
import { describeTransportError } from '../conformance/index';
import { GatewayError, errorEnvelopeJson } from '../mocks/index';

/** Request bodies kept for the checks; the relay itself streams bodies of any size. */
const REQUEST_LIMIT = 32 * 1024 * 1024;
/**
 * A request body of a known length up to this is read whole before it goes on, in one write with
 * its headers; a larger one, or one of unknown length, is streamed to the gateway as it arrives.
 */
const WHOLE_BODY_LIMIT = 64 * 1024;
/**
 * Request headers the proxy does not pass on besides the hop-by-hop ones: it sets Host itself,
 * narrows Accept-Encoding, and has already answered an Expect (node:http sends 100 Continue).
 */
const SET_BY_THE_PROXY = ['host', 'accept-encoding', 'expect'];

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
  /** Read by the checks, once each (KeptBody). */
  readonly body?: KeptBody;
  /** The gateway could not be reached, or broke off its answer. */
  readonly transportError?: string;
  /** The client went away before the answer was complete; the gateway's request was aborted too. */
  readonly abandoned: boolean;
  readonly durationMs: number;
}

/** An exchange with its body read: what the recording and the checks take. */
export type ReadRelayed = Omit<Relayed, 'body'> & { readonly body?: TappedBody };

/** Reads the exchange's body, for the recording and the checks of one turn (KeptBody). */
export function readRelayed(relayed: Relayed): ReadRelayed {
  return { ...relayed, body: relayed.body?.read() };
}

/** The gateway, as each request needs it: its origin parsed once, and its connections. */
export interface Upstream {
  /** The gateway's origin, e.g. `https://gateway.example`; request paths go to it unchanged. */
  readonly origin: string;
  /** Kept-alive connections to the gateway (undici's: a request costs about half node:http's client). */
  readonly pool: Dispatcher;
}

/**
 * The gateway at `origin` (its path, if any, is the caller's), with connections of its own. No
 * timeouts: how long an answer or a stream's next event may take is the client's to decide, and a
 * client that gives up aborts the gateway's request.
 */
export function upstreamAt(origin: URL): Upstream {
  return { origin: origin.origin, pool: new Pool(origin.origin, { headersTimeout: 0, bodyTimeout: 0 }) };
}

type Outcome = Omit<Relayed, 'method' | 'url' | 'requestHeaders' | 'requestBody' | 'abandoned' | 'durationMs'>;

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
  const path = req.url ?? '/';
  const url = `${upstream.origin}${path}`;
  const headers = forwardedHeaders(req.headers);

  return new Promise((resolve) => {
    let abandoned = false;
    let settled = false;
    let dispatched = false;
    let controller: Dispatcher.DispatchController | undefined;
    // The exchange is handed over once the request's body is read too (a gateway may answer first).
    let requestEnded = req.complete;
    let whenEnded: (() => void) | undefined;
    const ended = (): void => {
      requestEnded = true;
      whenEnded?.();
      whenEnded = undefined;
    };
    const finish = (outcome: Outcome): void => {
      if (settled) return;
      settled = true;
      const hand = (): void =>
        resolve({
          method,
          url,
          requestHeaders: req.headers,
          requestBody: requestBody(),
          abandoned,
          durationMs: clock(),
          ...outcome,
        });
      if (requestEnded) hand();
      else whenEnded = hand;
    };
    const wentAway = (): void => finish({ responseHeaders: {}, transportError: 'the client went away' });
    req.once('end', ended);
    req.once('close', ended);
    const requestBody = keepRequestBody(req);
    res.once('close', () => {
      if (res.writableFinished) return;
      abandoned = true;
      if (controller) controller.abort(new Error('the client went away'));
      else if (!dispatched) wentAway();
    });

    let status: number | undefined;
    let received: IncomingHttpHeaders = {};
    let tap: BodyTap | undefined;
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started;
        if (abandoned) started.abort(new Error('the client went away'));
      },
      onResponseStart(started, statusCode, answerHeaders, statusMessage) {
        status = statusCode;
        received = answerHeaders as IncomingHttpHeaders;
        res.writeHead(statusCode, statusMessage, endToEndHeaders(received));
        const contentType = String(received['content-type'] ?? '').toLowerCase();
        const eventStream = contentType.startsWith('text/event-stream');
        // A stream's client sees its headers at once, whatever the gateway's first event waits for;
        // any other answer's headers go out with its first bytes, in one write.
        if (eventStream) res.flushHeaders();
        tap = createBodyTap(single(received['content-encoding']), eventStream, clock);
      },
      onResponseData(started, chunk) {
        if (abandoned) return;
        tap?.feed(chunk);
        if (!res.write(chunk)) {
          started.pause();
          res.once('drain', () => started.resume());
        }
      },
      onResponseEnd() {
        res.end();
        answered();
      },
      onResponseError(_started, err) {
        if (abandoned) return wentAway();
        if (status !== undefined) {
          // Broken off after its headers: the client's connection is cut the same way.
          res.destroy();
          return answered(`the gateway broke off its answer: ${err.message}`);
        }
        // The suite's wording: a TLS failure says so and names NODE_EXTRA_CA_CERTS, a name that
        // does not resolve says so, and so on (conformance/http/transport-error.ts).
        const reason = describeTransportError(err);
        if (!res.headersSent) answerBadGateway(res, upstream.origin, reason);
        finish({ responseHeaders: {}, transportError: reason });
      },
    };
    const answered = (broken?: string): void => {
      const flags = broken === undefined ? {} : { transportError: broken };
      const outcome = { status, responseHeaders: lowerCase(received), ...flags };
      if (!tap) return finish(outcome);
      void tap.end().then((body) => finish({ ...outcome, body }));
    };
    const dispatch = (body: Buffer | Readable | null): void => {
      if (abandoned) return;
      dispatched = true;
      upstream.pool.dispatch({ path, method, headers: headers as Record<string, string | string[]>, body }, handler);
    };

    sendRequestBody(req, requestBody, dispatch);
  });
}

/** The request's headers as they go on: the hop-by-hop ones dropped, Accept-Encoding narrowed to codings the proxy decodes. */
function forwardedHeaders(received: IncomingHttpHeaders): OutgoingHttpHeaders {
  const headers = endToEndHeaders(received, SET_BY_THE_PROXY);
  const acceptEncoding = decodableAcceptEncoding(received['accept-encoding']);
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  return headers;
}

/**
 * Keeps the request body's chunks as they arrive, up to REQUEST_LIMIT, for the checks; the
 * function returned gives the body, joined once (a body sent whole to the gateway is the one the
 * checks get), or undefined when there was none or it was larger.
 */
function keepRequestBody(req: IncomingMessage): () => Buffer | undefined {
  const chunks: Buffer[] = [];
  let kept = 0;
  let joined: Buffer | undefined;
  req.on('data', (chunk: Buffer) => {
    kept += chunk.length;
    if (kept <= REQUEST_LIMIT) chunks.push(chunk);
  });
  return () => {
    if (kept > REQUEST_LIMIT || chunks.length === 0) return undefined;
    if (chunks.length === 1) return chunks[0] as Buffer;
    joined ??= Buffer.concat(chunks);
    return joined;
  };
}

/** The client's answer when the gateway could not be reached: a 502 in the contract's ErrorEnvelope. */
function answerBadGateway(res: ServerResponse, origin: string, reason: string): void {
  const body = errorEnvelopeJson(
    new GatewayError(502, `Bad gateway: the proxy's request to the gateway at ${origin} failed: ${reason}`),
  );
  res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Sends the request's body on: none, a small one of known length whole once read (in one write
 * with its headers), anything else streamed as it arrives.
 */
function sendRequestBody(
  req: IncomingMessage,
  requestBody: () => Buffer | undefined,
  dispatch: (body: Buffer | Readable | null) => void,
): void {
  const length = req.headers['content-length'];
  if (length === undefined ? req.headers['transfer-encoding'] === undefined : length === '0') dispatch(null);
  else if (length !== undefined && Number(length) <= WHOLE_BODY_LIMIT) {
    // Its chunks come as 'data' before 'end', even when node has read them all already.
    req.once('end', () => dispatch(requestBody() ?? Buffer.alloc(0)));
  } else {
    // Held in a stream of its own from the first chunk on (the gateway's connection may not be
    // ready yet, and the chunks the checks keep flow meanwhile), and read from it as it comes, so
    // a chunked body stays chunked even if it is all there before the connection is.
    const through = new PassThrough();
    req.pipe(through);
    dispatch(Readable.from(through, { objectMode: false }));
  }
}

/** A header the gateway sent twice counts as the first (node:http's reading of a single-valued one). */
function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
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
