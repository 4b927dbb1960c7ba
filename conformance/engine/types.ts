/**
 * The data the suite passes around: requests it sends, what came back, and the verdicts.
 * A failure is plain data with fixed fields so every report (terminal, JUnit, JSON) is built from it.
 */
import type { Contract } from '../../kit/contract/contract';
import type { FeatureIndex } from '../../kit/contract/feature-index';
import type { OperationInfo } from '../../kit/contract/operations';
import type { SseStream } from '../../kit/sse/read-sse';
import type { StreamSpec } from '../../kit/stream/stream-spec';

/** Which credential a request carries; the header value itself is never stored in a report. */
export type Credential = 'apiKey' | 'managementKey' | 'guardedApiKey' | 'none' | 'invalid';

export interface RequestSpec {
  readonly method: string;
  /** Path relative to the base URL, path parameters already filled and encoded. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  /** Extra headers (the Authorization header is added from `credential`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** JSON body; serialized as is. */
  readonly body?: unknown;
  /** A body sent verbatim instead of `body` (malformed JSON, say), as `application/json`. */
  readonly rawBody?: string;
  readonly credential: Credential;
  /** Read the answer as an event stream (POST /responses with `stream: true`). */
  readonly stream?: boolean;
  /**
   * With `stream`: send `Accept: text/event-stream` (the default). `false` sends no Accept header
   * of the suite's own (the HTTP client sends its default, any type), as many clients do: the
   * contract switches on the body's `stream` alone.
   */
  readonly acceptEventStream?: boolean;
  /**
   * Write the request to the socket byte for byte (http/send-raw.ts), for header values an HTTP
   * client library refuses to send: control characters, NUL (malformed-input scenarios).
   */
  readonly raw?: boolean;
}

export interface CapturedResponse {
  readonly status: number;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** Parsed body when `text` is JSON; undefined otherwise. */
  readonly json: unknown;
  readonly durationMs: number;
}

/** A stream as the client read it (kit/sse), and how the reading ended. */
export interface StreamCapture extends SseStream {
  /** Set when no event arrived within the per-event timeout. */
  readonly stalled?: { readonly afterMs: number; readonly afterEvents: number };
  /** Set when events kept coming but the stream had not ended within the request timeout. */
  readonly overran?: { readonly afterMs: number; readonly afterEvents: number };
  /** Set when the connection failed mid-stream. */
  readonly transportError?: string;
}

export interface Exchange {
  readonly scenario: string;
  readonly operation: OperationInfo;
  readonly request: RequestSpec;
  /** Full URL including the query string. */
  readonly url: string;
  readonly response?: CapturedResponse;
  readonly stream?: StreamCapture;
  /** Connection refused, timeout before headers, and the like. */
  readonly transportError?: string;
  /**
   * Connections dropped (reset or closed before any answer) on the way to this answer, each asked
   * again on a fresh connection: findings of their own, never hidden by the retry.
   */
  readonly drops?: readonly ConnectionDrop[];
  /** Set with `transportError` when the request ended in a dropped connection on its last try. */
  readonly dropped?: ConnectionDrop;
}

/** A connection that closed or reset under a request. */
export interface ConnectionDrop {
  /** What the client saw, in words (transport-error.ts). */
  readonly error: string;
  /**
   * The connection had carried an answer before and nothing of this one came: the usual race of a
   * kept-alive connection the gateway closed while idle, as the next request went out.
   */
  readonly idle: boolean;
  /** Part of the answer had come (its status at least) when the connection broke: only the gateway does that. */
  readonly answerBegan?: boolean;
}

/** What a check found wrong in one exchange. An empty list means the check passed. */
export interface Finding {
  readonly message: string;
  /** What the contract says, in words. */
  readonly expected: string;
  /** Overrides the check's default contract rule (section) when one check covers several. */
  readonly rule?: string;
  /** The part of the body that shows the problem (an event, say); defaults to the body's start. */
  readonly excerpt?: string;
  /**
   * A finding about the answer as a whole, in order of precedence: `status` (not the status the
   * contract asks for here, or one it does not document), `content-type` (not a documented type),
   * `schema` (a body its schema does not allow). Any other finding on the same answer is then a
   * knock-on effect of the first, reported with it.
   */
  readonly kind?: 'status' | 'content-type' | 'schema';
  /**
   * The cause in words, the same for every failure it explains, e.g. `invalid requests answered
   * 422 where the contract says 400`; reports group failures by it.
   */
  readonly cause?: string;
}

/** A check that applies to every exchange it `applies` to (status documented, schema valid...). */
export interface Check {
  readonly name: string;
  readonly family: CheckFamily;
  /** Where the rule lives in spec/openapi.yaml: an operation and answer (`createResponse 200 text/event-stream`) or a pointer (`#/components/schemas/ErrorEnvelope`). */
  readonly rule: string;
  applies(exchange: Exchange, ctx: CheckContext): boolean;
  verify(exchange: Exchange, ctx: CheckContext): Finding[];
}

/** A scenario-specific assertion about one exchange (expected status, unassigned count...). */
export interface Expectation {
  readonly check: string;
  readonly family: CheckFamily;
  readonly rule: string;
  /** Whether the answer gives the expectation something to judge; always, when absent. */
  applies?(exchange: Exchange, ctx: CheckContext): boolean;
  verify(exchange: Exchange, ctx: CheckContext): Finding[];
}

export type CheckFamily =
  'response' | 'error' | 'stream' | 'auth' | 'limits' | 'rules' | 'catalog' | 'guardrail' | 'property';

export interface ReportedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** Set instead of `body` when the request carried a verbatim (non-JSON) body. */
  readonly rawBody?: string;
}

export interface ReportedResponse {
  readonly status?: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface Failure {
  readonly check: string;
  readonly operation: string;
  readonly scenario: string;
  readonly rule: string;
  readonly message: string;
  readonly request: ReportedRequest;
  readonly received: ReportedResponse;
  readonly expected: string;
  readonly curl: string;
  /** The cause in words when the finding states one (see Finding.cause); reports group by it. */
  readonly cause?: string;
  /** Set on a knock-on effect: the check whose failure on the same answer explains this one. */
  readonly causedBy?: string;
  /** The features of the API the failing exchange exercises (engine/exchange-features.ts): `core`, `plugins`... */
  readonly features?: readonly string[];
  /**
   * The answer is right for the request without the members of `features` (engine/ignored-features.ts):
   * the gateway ignored them. A feature whose failures all say so is `unsupported`, not `broken`.
   */
  readonly ignored?: boolean;
}

/** `known`: a failure the run's baseline lists (`--baseline`): reported, but it does not fail the run. */
export type Outcome = 'pass' | 'fail' | 'skip' | 'known';

export interface CheckResult {
  readonly check: string;
  readonly family: CheckFamily;
  readonly operation: string;
  readonly scenario: string;
  readonly outcome: Outcome;
  readonly failure?: Failure;
  /** Why a scenario was skipped. */
  readonly reason?: string;
  /** The features the judged exchange exercises (engine/exchange-features.ts); none on a skip. */
  readonly features?: readonly string[];
}

/** Everything checks may consult. Built once per run; read-only. */
export interface CheckContext {
  readonly contract: Contract;
  readonly operations: ReadonlyMap<string, OperationInfo>;
  /** operationIds only a management key may call, read from the operations' security (kit/contract/key-schemes.ts). */
  readonly managementOnly: ReadonlySet<string>;
  /** What the stream rules read from the contract (kit/stream). */
  readonly streamSpec: StreamSpec;
  /** Which feature each part of the API belongs to (the document's `x-feature` keywords). */
  readonly features: FeatureIndex;
}
