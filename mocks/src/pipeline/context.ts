import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { OperationInfo } from '../../../kit/contract/operations';
import type { Contract } from '../../../kit/contract/contract';
import type { MockStore, ApiKeyRecord } from '../state/store';
import type { MockOptions } from '../options';

/** Everything a handler may use. Built by the pipeline after routing, auth and validation. */
export interface RequestContext {
  readonly operation: OperationInfo;
  readonly pathParams: Readonly<Record<string, string>>;
  /** Query parameters, coerced to their schema types and validated. */
  readonly query: Readonly<Record<string, unknown>>;
  /** Lower-cased header names (node's own). */
  readonly headers: IncomingHttpHeaders;
  /** Parsed and validated JSON body (undefined when the operation has none). */
  readonly body: unknown;
  /** The authenticated key. */
  readonly key: ApiKeyRecord;
  readonly store: MockStore;
  readonly contract: Contract;
  readonly options: MockOptions;
  /** Aborted when the client goes away: stop all work for this request. */
  readonly signal: AbortSignal;
  /**
   * Aborted when the mock shuts down and has stopped waiting for requests in flight: a stream
   * still running ends now, with a failure its client can read, before the connection closes.
   */
  readonly shutdown: AbortSignal;
  readonly req: IncomingMessage;
  /** For streaming handlers only; JSON handlers return a result instead. */
  readonly res: ServerResponse;
}

/**
 * A JSON answer; the pipeline serializes it. `rawBody` skips serialization: precomputed JSON,
 * best as a Buffer, which goes to the socket as it is, with no text to encode per request.
 */
export interface JsonResult {
  readonly status: number;
  readonly body?: unknown;
  readonly rawBody?: string | Buffer;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The handler wrote the response itself (event streams). */
export interface StreamedResult {
  readonly streamed: true;
  readonly status: number;
}

export type HandlerResult = JsonResult | StreamedResult;

/** Throw a GatewayError for any failure; never write an error response directly. */
export type Handler = (ctx: RequestContext) => HandlerResult | Promise<HandlerResult>;
