/**
 * What goes over the wire and comes back, as the HTTP layer sends and captures it: the request the
 * suite means, the answer (or stream, or dropped connection) it got, and the request as a report
 * shows it. The engine judges these; it re-exports them with its verdict types (engine/types.ts).
 */
import type { OperationInfo } from '../../kit/contract/operations';
import type { SseStream } from '../../kit/sse/read-sse';

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
  /**
   * The 429 answers the request got before this one, each waited out and asked again: answers of
   * their own, judged and counted like any other (engine/retried-answers.ts), never hidden by the retry.
   */
  readonly retriedPast?: readonly Exchange[];
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
