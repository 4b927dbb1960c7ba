/**
 * The mock's core: the whole pipeline (CORS → admin → route → authenticate → read the body →
 * `Prefer` → validate → handler → a JSON answer or a paced event stream), with no `node:` module,
 * no `Buffer` and no file read on its way (`.dependency-cruiser.cjs`: core-is-runtime-free).
 *
 * How an adapter plugs in: build a core from an already-loaded setup, the handler table and a token counter (`createCore`), then for
 * each request call `core.serve(request, reply)` with
 *   - a `MockRequest`: method, url, lower-case headers, `readBody(limit, callback)`, and the
 *     connection object if the runtime has one (node's socket; undefined for fetch);
 *   - a `ReplySink`: `send` a complete answer, or `stream` one (write → false means wait for
 *     `onDrain`; `end`), `cut` the connection, `onClose` when the exchange is over or the client left.
 * The adapter only translates; it decides no status, header or byte. Adapters today:
 * `mocks/src/runtimes/node/` (node:http, writing to the ServerResponse in the turn the request arrived)
 * and `mocks/src/runtimes/fetch/` (`Request` → `Response`, a stream being a paced `ReadableStream`).
 * The node side loads spec and fixtures from files and gives the Prism-backed `Prefer`.
 */
export { controlsOf, createCore } from './mock-core';
export type { CoreSetup, MockControls, MockCore, MockSetup } from './mock-core';
export type { RankedToken, TokenCounter, TokenPiece, TokenRanks, Truncated } from './token-counter';
export type { BodyCallback, MockRequest, RequestHeaders } from '../exchange/mock-request';
export type { ConnectionCut, HeaderList, ReplySink, StreamSink } from '../exchange/reply-sink';
