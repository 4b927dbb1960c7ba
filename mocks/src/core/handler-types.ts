import type { operations } from '../../../generated/openapi';
import type { OperationInfo } from '../../../kit/contract/operations';
import type { Contract } from '../../../kit/contract/contract-types';
import type { MockStore, ApiKeyRecord } from './state/store';
import type { MockOptions } from './options';
import type { SpecFacts } from './spec-facts/spec-facts';
import type { RunningStreams } from '../exchange/running-streams';
import type { RequestHeaders } from '../exchange/mock-request';
import type { EventStream } from '../exchange/stream/paced-stream';
import type { TokenCounter } from './token-counter';

import type { OperationId, RequestBody } from './operation-types';

export type { OperationId, RequestBody };

type Defined<T> = Exclude<T, undefined>;
type ParametersIn<Op extends OperationId, In extends 'path' | 'query'> = [
  Defined<operations[Op]['parameters'][In]>,
] extends [never]
  ? Readonly<Record<string, never>>
  : Readonly<Defined<operations[Op]['parameters'][In]>>;

/** An operation's path parameters (`getModel`: `{ author, slug }`); an empty record when it has none. */
export type PathParams<Op extends OperationId> = ParametersIn<Op, 'path'>;
/** An operation's query parameters, with their schema types; an empty record when it has none. */
export type QueryParams<Op extends OperationId> = ParametersIn<Op, 'query'>;
/** The JSON body of an operation's 200 response. */
export type SuccessBody<Op extends OperationId> = operations[Op]['responses'][200]['content']['application/json'];

/**
 * Everything a handler may use. Built by the pipeline after routing, auth and validation.
 * `RequestContext` alone is the untyped view the pipeline builds; a handler of one operation
 * sees `OperationContext<Op>`, whose path parameters, query and body carry that operation's types.
 */
export interface RequestContext<
  Path = Readonly<Record<string, string>>,
  Query = Readonly<Record<string, unknown>>,
  Body = unknown,
> {
  readonly operation: OperationInfo;
  /**
   * Keyed by the served spec's names, which a `--spec` document may change: handlers read the
   * values by place with `pathValues` (path-values.ts).
   */
  readonly pathParams: Path;
  /** Query parameters, coerced to their schema types and validated. */
  readonly query: Query;
  /** Lower-cased header names. */
  readonly headers: RequestHeaders;
  /** Parsed and validated JSON body (undefined when the operation has none). */
  readonly body: Body;
  /** The authenticated key. */
  readonly key: ApiKeyRecord;
  readonly store: MockStore;
  readonly contract: Contract;
  /** Defaults, header names and more, read from the spec once at start-up. */
  readonly facts: SpecFacts;
  readonly options: MockOptions;
  /** This mock's token counts (o200k_base; estimates when its setup gave no ranks, or not yet). */
  readonly tokens: TokenCounter;
  /** Aborted when the client goes away: stop all work for this request. */
  readonly signal: AbortSignal;
  /**
   * The mock's running streams. The stream a handler returns is registered here, so that when the
   * mock shuts down and stops waiting for requests in flight, it ends now with a failure its
   * client can read, before the connection closes.
   */
  readonly shutdown: RunningStreams;
}

/** The context of one operation, typed from generated/openapi.ts. */
export type OperationContext<Op extends OperationId> = RequestContext<PathParams<Op>, QueryParams<Op>, RequestBody<Op>>;

/**
 * A JSON answer; the pipeline serializes it. `rawBody` skips serialization: precomputed JSON
 * (text or UTF-8 bytes), sent as it is.
 */
export interface JsonResult<Body = unknown, Status extends number = number> {
  readonly status: Status;
  readonly body?: Body;
  readonly rawBody?: string | Uint8Array;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * An event stream: the pipeline sends its frames with their pacing through the adapter's sink
 * (handlers never write a response themselves, so every runtime sends the same bytes).
 */
export interface StreamedResult<Status extends number = number> {
  readonly status: Status;
  readonly stream: EventStream;
}

export type HandlerResult = JsonResult | StreamedResult;

/** A value the pipeline only reads (serializes): a handler may answer with read-only data. */
type ReadonlyDeep<T> = T extends (infer Item)[]
  ? readonly ReadonlyDeep<Item>[]
  : T extends object
    ? { readonly [K in keyof T]: ReadonlyDeep<T[K]> }
    : T;

/** What a handler of one operation answers: its 200 (errors are thrown, see Handler). */
export type OperationResult<Op extends OperationId> =
  JsonResult<ReadonlyDeep<SuccessBody<Op>>, 200> | StreamedResult<200>;

/**
 * Throw a GatewayError for any failure; never write an error response directly.
 * `Handler<'getModel'>` is the handler of one operation, typed by it; `Handler` alone is the
 * untyped form the pipeline calls (and tests use to answer what the spec does not allow).
 */
export type Handler<Op extends OperationId | undefined = undefined> = Op extends OperationId
  ? (ctx: OperationContext<Op>) => OperationResult<Op> | Promise<OperationResult<Op>>
  : (ctx: RequestContext) => HandlerResult | Promise<HandlerResult>;

/**
 * Handlers to put in place of the operations' own (`createMockServer({ handlers })`): typed by
 * their operation, or untyped, for tests and broken variants that answer what the spec does not allow.
 */
export type HandlerOverrides = { readonly [Op in OperationId]?: Handler<Op> | Handler };

/** One handler per operationId, as the pipeline calls them: what the core is handed. */
export type HandlerTable = Readonly<Record<string, Handler>>;

/**
 * A handler as the pipeline calls it, with the untyped context. Sound because the pipeline only
 * calls a handler for its own operation, after the request validator has checked the path
 * parameters, query and body against that operation's schemas: the types TypeScript cannot
 * follow through a lookup by operationId. Types only; the function is returned as it is.
 */
export function asPipelineHandler(handler: Handler<OperationId> | Handler): Handler {
  return handler as Handler;
}
